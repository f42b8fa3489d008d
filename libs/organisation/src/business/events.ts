import type { Translations, WorkingDays } from '../shared';
import type { BusinessInfo } from './commands';

export type BusinessEvent =
  | { type: 'BusinessInformationUpdated'; data: { business_id: string; changes: Partial<BusinessInfo> } }
  | { type: 'BusinessLogoChanged'; data: { business_id: string; logo: string } }
  | { type: 'BusinessLocationUpdated'; data: { business_id: string; lat: number; lng: number } }
  | { type: 'BusinessWorkingDaysUpdated'; data: { business_id: string; working_days: WorkingDays } }
  | { type: 'BusinessTranslationsUpdated'; data: { business_id: string; translations: Translations } };

export const BUSINESS_EVENT_TYPES = [
  'BusinessInformationUpdated',
  'BusinessLogoChanged',
  'BusinessLocationUpdated',
  'BusinessWorkingDaysUpdated',
  'BusinessTranslationsUpdated',
] as const;

/** The accounts context's registration, which the settings stream continues (see docs/organisation.md). */
export interface BusinessRegisteredOrigin {
  type: 'BusinessRegistered';
  data: { business_id: string; name: string; email?: string | null; phone?: string | null; country?: string | null };
}
