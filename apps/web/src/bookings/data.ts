/** Reference data the booking screens share, read once and cached by react-query. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../data/http';
import { readList } from '../data/resources';
import type { WorkingDay } from '@tabour/contracts';
import type { Department, Member } from './model';

const all = async <T>(path: string) => readList<T>(await api(`${path}?pagination=off`)).data;

export const useDepartments = () =>
  useQuery({ queryKey: ['bookings-ref', 'departments'], queryFn: () => all<Department>('/business/department'), staleTime: 30_000 });
export const useMembers = () => useQuery({ queryKey: ['bookings-ref', 'team'], queryFn: () => all<Member>('/business/team'), staleTime: 30_000 });

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
