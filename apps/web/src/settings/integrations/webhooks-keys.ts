/** The webhooks screens' catalogue namespace and query key. */
export const T = 'webhooks';
export const KEY = ['integrations', 'webhooks'];
