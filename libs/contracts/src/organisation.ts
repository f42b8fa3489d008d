/** The organisation context's answers: the business, its services. */
import type { Instant } from './instants';
import type { Translation, WorkingDay } from './lists';

/** Industries a business may declare; the id is stored, the name is shown (the web translates by id). */
export const INDUSTRIES: readonly { id: string; name: string }[] = [
  { id: 'health', name: 'Health and clinics' },
  { id: 'dental', name: 'Dental care' },
  { id: 'pharmacy', name: 'Pharmacy' },
  { id: 'public_service', name: 'Public service and administration' },
  { id: 'bank', name: 'Bank and insurance' },
  { id: 'telecom', name: 'Telecommunications' },
  { id: 'retail', name: 'Retail and shops' },
  { id: 'beauty', name: 'Beauty and hairdressing' },
  { id: 'education', name: 'Education' },
  { id: 'restaurant', name: 'Restaurants and hospitality' },
  { id: 'automotive', name: 'Automotive services' },
  { id: 'legal', name: 'Legal and consulting' },
  { id: 'transport', name: 'Transport and travel' },
  { id: 'utilities', name: 'Utilities' },
  { id: 'other', name: 'Other' },
];

export const INDUSTRY_IDS: readonly string[] = INDUSTRIES.map((i) => i.id);

/** The business's profile as its settings screen reads it. */
export interface Business<At = Instant> {
  id: string;
  name: string;
  industry: string | null;
  country: string | null;
  city: string | null;
  address: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  sms_sender_name: string | null;
  slot_minutes: number;
  booking_days_limit: number;
  booking_confirmation: boolean;
  published: boolean;
  time_zone: string;
  logo: string | null;
  logo_url: string | null;
  location: { lat: number; lng: number } | null;
  working_days: WorkingDay[] | null;
  translations: Partial<Record<string, Translation>>;
  created_at: At;
  updated_at: At;
}

export interface Service<At = Instant> {
  id: string;
  name: string;
  price: number;
  duration_seconds: number;
  /** Minutes, two decimals. */
  duration: number;
  category: string | null;
  parent_id: string | null;
  ussd_order: number;
  sub_services: number;
  created_at: At;
  updated_at: At;
  /** On the one-service read: the departments offering it, with their own duration. */
  departments?: { id: string; name: string; duration_seconds: number }[];
}

/** A department as the organisation's list answers it (the part the booking screens read). */
export interface Department {
  id: string;
  name: string;
  primary_color?: string | null;
  text_color?: string | null;
  slot_duration?: number;
  can_select_member?: boolean;
  must_select_member?: boolean;
  services?: { id: string; name: string }[];
}

/** A team member as the team list answers it (the part the booking screens read). */
export interface Member {
  id: string;
  name: string;
  department_id: string | null;
  is_bookable?: boolean;
}
