import type { Translations } from '../shared';

export interface DepartmentFields {
  name: string;
  primary_color: string;
  secondary_color: string;
  text_color: string;
  service_ids: string[];
  /** A department may give a service its own duration; absent means the service's own. */
  service_durations: { service_id: string; duration_seconds: number }[];
  slot_duration: number; // minutes
  max_bookings_per_slot: number;
  /** null: no daily limit. */
  max_daily_bookings: number | null;
  can_select_member: boolean;
  must_select_member: boolean;
}

export const DEPARTMENT_DEFAULTS: Omit<DepartmentFields, 'name'> = {
  primary_color: '#1976d2',
  secondary_color: '#e3f2fd',
  text_color: '#ffffff',
  service_ids: [],
  service_durations: [],
  slot_duration: 15,
  max_bookings_per_slot: 1,
  max_daily_bookings: null,
  can_select_member: false,
  must_select_member: false,
};

export type DepartmentCommand =
  | { type: 'CreateDepartment'; department_id: string; business_id: string; fields: Partial<DepartmentFields>; translations?: Translations }
  | { type: 'UpdateDepartment'; department_id: string; business_id: string; fields: Partial<DepartmentFields>; translations?: Translations }
  | { type: 'UpdateDepartmentTranslations'; department_id: string; business_id: string; translations: Translations }
  | { type: 'DeleteDepartment'; department_id: string; business_id: string };
