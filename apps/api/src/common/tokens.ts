/** Injection tokens shared by every module. */
export const DB = Symbol('DB');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const APP_CONFIG = Symbol('APP_CONFIG');
