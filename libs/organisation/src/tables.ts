import type { ColumnType, JSONColumnType } from 'kysely';
import type { BusinessInfo } from './business';
import type { Translations, WorkingDays } from './shared';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A column the database fills with its default when an insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The profile's plain columns: the business's information as its form sets it. */
type ProfileColumns = Pick<BusinessInfo, 'name' | 'industry' | 'country' | 'city' | 'address' | 'postal_code' | 'phone' | 'email' | 'sms_sender_name'>;

export interface BusinessProfilesTable extends ProfileColumns {
  tenant_id: string;
  slot_minutes: Defaulted<number>;
  booking_days_limit: Defaulted<number>;
  booking_confirmation: Defaulted<boolean>;
  published: Defaulted<boolean>;
  time_zone: Defaulted<string>;
  logo: string | null;
  lat: number | null;
  lng: number | null;
  working_days: JSONColumnType<WorkingDays | null, string | null, string | null>;
  translations: JSONColumnType<Translations, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DepartmentsTable {
  id: string;
  tenant_id: string;
  name: string;
  primary_color: string;
  secondary_color: string;
  text_color: string;
  slot_duration: number;
  max_bookings_per_slot: number;
  max_daily_bookings: number | null;
  can_select_member: boolean;
  must_select_member: boolean;
  translations: JSONColumnType<Translations, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DepartmentServicesTable {
  tenant_id: string;
  department_id: string;
  service_id: string;
  /** null: the service's own duration. */
  duration_seconds: number | null;
}

export interface ServicesTable {
  id: string;
  tenant_id: string;
  name: string;
  price: ColumnType<string, number | string, number | string>;
  duration_seconds: number;
  category: string | null;
  parent_id: string | null;
  ussd_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  id: string;
  tenant_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  photo: string | null;
  position: string;
  role: string;
  department_id: string | null;
  is_bookable: boolean;
  member_since: string | null;
  working_days: JSONColumnType<WorkingDays | null, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HolidaysTable {
  id: string;
  tenant_id: string;
  type: string;
  scope: string;
  member_ids: JSONColumnType<string[], string, string>;
  reason: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  all_day: boolean;
  status: string;
  created_by: string;
  created_at: Timestamp;
}

export interface BusinessCategoriesTable {
  id: string;
  tenant_id: string;
  name: string;
  color: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BusinessLegalTextsTable {
  tenant_id: string;
  kind: string;
  version: number;
  content: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** The organisation's tables other contexts still read directly: departments, services, the team, holidays. */
export interface OrganisationSharedTables {
  departments: DepartmentsTable;
  department_services: DepartmentServicesTable;
  services: ServicesTable;
  team_members: TeamMembersTable;
  holidays: HolidaysTable;
}

/** The business's categories and its terms and policy, read by the settings screens. */
export interface OrganisationSettingsTables {
  business_categories: BusinessCategoriesTable;
  business_legal_texts: BusinessLegalTextsTable;
}

/**
 * All the organisation's tables: what its own queries (`Kysely<OrganisationTables>`) read.
 * `business_profiles` is here alone, not in the app's `Database`: another context cannot select
 * it by type, and asks the business calendar and directory (calendar.ts, directory.ts) instead.
 */
export interface OrganisationTables extends OrganisationSharedTables, OrganisationSettingsTables {
  business_profiles: BusinessProfilesTable;
}

declare module '@tabour/platform' {
  // The shared and the settings tables join the app's union.
  interface Database extends OrganisationSharedTables, OrganisationSettingsTables {}
}
