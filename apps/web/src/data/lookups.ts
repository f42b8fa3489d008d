/** Reference data the screens share (departments, team, services, note types, queues, the business's zone), read once and cached by react-query. */
import { useQuery } from '@tanstack/react-query';
import { api } from './http';
import { readList } from './resources';
import type { Department, Member, Queue, Resource, WorkingDay } from '@tabour/contracts';

export type { Department, Member };

const all = async <T>(path: string) => readList<T>(await api(`${path}?pagination=off`)).data;

export const useDepartments = () =>
  useQuery({ queryKey: ['bookings-ref', 'departments'], queryFn: () => all<Department>('/business/department'), staleTime: 30_000 });
export const useMembers = () => useQuery({ queryKey: ['bookings-ref', 'team'], queryFn: () => all<Member>('/business/team'), staleTime: 30_000 });
/** The business's rooms and equipment, inactive ones too: a booking may still hold one. */
export const useBookingResources = () =>
  useQuery({ queryKey: ['bookings-ref', 'resources'], queryFn: () => all<Resource>('/business/resource'), staleTime: 30_000 });

const useBusinessInfo = () =>
  useQuery({
    queryKey: ['business', 'info'],
    queryFn: () => api<{ time_zone?: string; working_days?: WorkingDay[] | null }>('/business/info'),
    staleTime: 60_000,
  });

/** The business's time zone: bookings are instants, and its days are the calendar's days. */
export function useBusinessZone(): string | undefined {
  const info = useBusinessInfo();
  return info.data ? info.data.time_zone || 'UTC' : undefined;
}

/** The business's working days, for the hours the calendar shows. */
export const useWorkingDays = () => useBusinessInfo().data?.working_days ?? null;

export const byId = <T extends { id: string }>(rows: T[] | undefined): Record<string, T> => Object.fromEntries((rows ?? []).map((r) => [r.id, r]));

/** A reference list the queue screens show names from (services, team, note types, queues). */
export function useNames<T extends { id: string }>(key: string, path: string, enabled = true) {
  return useQuery({
    queryKey: ['queues-ref', key],
    queryFn: () => all<T>(path),
    enabled,
    staleTime: 30_000,
  });
}

export interface Named {
  id: string;
  name: string;
}

export const useServices = () => useNames<Named & { parent_id?: string | null }>('services', '/business/service');
export const useTeam = () => useNames<Named & { first_name?: string; last_name?: string }>('team', '/business/team');
export const useNoteTypes = () => useNames<Named & { color: string | null }>('note-types', '/business/note-type');
export const useQueues = () => useNames<Queue>('queues', '/business/queue');
export const useCounters = () => useNames<Named>('counters', '/business/counter');
export const useDepartmentNames = () => useNames<Named>('departments', '/business/department');

export function nameMap<T extends { id: string; name?: string }>(rows: T[] | undefined): Record<string, string> {
  return Object.fromEntries((rows ?? []).map((r) => [r.id, r.name ?? '']));
}

/** The business's departments by name, unpaged (a list answer). */
export const departmentNames = () => api<{ data: { id: string; name: string }[] }>('/business/department?pagination=off');
