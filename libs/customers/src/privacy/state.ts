/** The "data and privacy" settings of a business. */
export interface PrivacySettings {
  /** Erase every customer's personal data once a day (docs/product.md#daily-deletion-of-history). */
  delete_history_daily: boolean;
  /** Public screens (displays, ticket pages) show ticket numbers, never customer names. */
  hide_customer_names: boolean;
}
export const DEFAULT_PRIVACY: PrivacySettings = { delete_history_daily: false, hide_customer_names: true };
export const PRIVACY_KEYS = Object.keys(DEFAULT_PRIVACY) as (keyof PrivacySettings)[];

export const privacyStream = (businessId: string) => `privacy-${businessId}`;

export type PrivacyState = PrivacySettings;
export const initialPrivacyState = (): PrivacyState => ({ ...DEFAULT_PRIVACY });
