/** The membership screens' catalogue namespaces (the page, its payment popup) and the packages one can buy. */
export const T = 'account.membership';
export const P = 'account.popup';
export type Paid = 'LIBERUP' | 'LIBERPRO';
