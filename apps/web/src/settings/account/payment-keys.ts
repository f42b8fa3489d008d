/** The payment screens' catalogue namespace. */
export const T = 'account.payment';
