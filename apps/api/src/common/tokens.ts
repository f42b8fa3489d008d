/** Injection tokens shared by every module. */
export const DB = Symbol('DB');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const APP_CONFIG = Symbol('APP_CONFIG');
/** The connection string, for parts that need their own connections (the broadcast adapter). */
export const DATABASE_URL = Symbol('DATABASE_URL');
/** The read-model database's pg Pool, for its connection counts (docs/operations.md). */
export const DB_POOL = Symbol('DB_POOL');
