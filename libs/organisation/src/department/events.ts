import type { Translations } from '../shared';
import type { DepartmentFields } from './commands';

export type DepartmentEvent =
  | { type: 'DepartmentCreated'; data: { department_id: string; business_id: string } & DepartmentFields & { translations: Translations } }
  | { type: 'DepartmentUpdated'; data: { department_id: string; business_id: string; changes: Partial<DepartmentFields> } }
  | { type: 'DepartmentTranslationsUpdated'; data: { department_id: string; business_id: string; translations: Translations } }
  | { type: 'DepartmentDeleted'; data: { department_id: string; business_id: string } };

export const DEPARTMENT_EVENT_TYPES = ['DepartmentCreated', 'DepartmentUpdated', 'DepartmentTranslationsUpdated', 'DepartmentDeleted'] as const;
