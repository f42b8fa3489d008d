import type { Translations, WorkingDays } from '../shared';
import { BUSINESS_DEFAULTS, type BusinessInfo } from './commands';

/** What the settings stream remembers: enough to answer "did anything change?". */
export interface BusinessState {
  info: Partial<BusinessInfo>;
  logo: string | null;
  location: { lat: number; lng: number } | null;
  working_days: WorkingDays | null;
  translations: Translations;
}

/** The read model's defaults: a field sent as it already reads is no change. */
export const initialBusinessState = (): BusinessState => ({ info: { ...BUSINESS_DEFAULTS }, logo: null, location: null, working_days: null, translations: {} });

export const businessStream = (businessId: string) => `business-${businessId}`;
