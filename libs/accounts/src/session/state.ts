/**
 * The end of one or more sessions (a staff login, a kiosk's or a display's), as a fact every API
 * instance reads from the log: the sockets those sessions opened are closed wherever they are
 * connected (docs/security.md, "Access that ends"). The tokens themselves are never in the log;
 * only the sessions' ids. Each ending is its own stream, `sessionend-<id>`, so none grows.
 */
export const sessionEndStream = (id: string) => `sessionend-${id}`;

export type SessionEndState = { ended: boolean };

export const initialSessionEndState = (): SessionEndState => ({ ended: false });
