/** The webhooks screens' catalogue namespace, API address and query key. */
export const T = 'webhooks';
export const BASE = '/business/integrations/webhooks';
export const KEY = ['integrations', 'webhooks'];
