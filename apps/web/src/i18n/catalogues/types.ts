/** Texts under nested keys. */
export type Tree = { [key: string]: string | Tree };

/** The keys of an English namespace, each with a text of another language. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
