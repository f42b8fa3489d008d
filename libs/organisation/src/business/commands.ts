import type { Business } from '@tabour/contracts';
import { DEFAULT_TIME_ZONE, type Translations, type WorkingDays } from '../shared';

/** The business's editable information (the "basic information" screen): the contract's profile fields that a form sets. */
export type BusinessInfo = Pick<
  Business,
  | 'name'
  | 'industry'
  | 'country'
  | 'city'
  | 'address'
  | 'postal_code'
  | 'phone'
  | 'email'
  | 'sms_sender_name'
  | 'slot_minutes'
  | 'booking_days_limit'
  | 'booking_confirmation'
  | 'published'
  | 'time_zone'
>;

export const BUSINESS_DEFAULTS: Omit<BusinessInfo, 'name'> = {
  industry: null,
  country: null,
  city: null,
  address: null,
  postal_code: null,
  phone: null,
  email: null,
  sms_sender_name: null,
  slot_minutes: 15,
  booking_days_limit: 30,
  booking_confirmation: false,
  published: false,
  time_zone: DEFAULT_TIME_ZONE,
};

export type BusinessCommand =
  | { type: 'UpdateBusinessInformation'; business_id: string; changes: Partial<BusinessInfo>; logo?: string }
  | { type: 'UpdateBusinessLocation'; business_id: string; lat: number; lng: number }
  | { type: 'UpdateBusinessWorkingDays'; business_id: string; working_days: WorkingDays }
  | { type: 'UpdateBusinessTranslations'; business_id: string; translations: Translations };
