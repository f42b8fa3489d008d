/**
 * The contract between the API and its clients: wire types of every answer, error codes, the
 * shared lists and the pure rules both sides apply. Browser-safe: it imports nothing from Node,
 * Nest, SQL or React, so the API, the libraries and apps/web all import it.
 */
export {};
