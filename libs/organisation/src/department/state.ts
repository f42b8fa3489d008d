import type { Translations } from '../shared';
import type { DepartmentFields } from './commands';

export type DepartmentState = { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string; translations: Translations } & DepartmentFields);

export const initialDepartmentState = (): DepartmentState => ({ status: 'none' });

export const departmentStream = (id: string) => `department-${id}`;
