/**
 * The statistics calls the screens make, typed by the contract: a screen names the figures it
 * wants (`visitFrequency`) and never builds an address.
 */
import type {
  CounterStatPeriod,
  MemberCounterStats,
  QueueCounterStats,
  ReportSetting,
  ReportSettingInput,
  StatisticAnswers,
  StatisticFilter,
  StatisticsSettings,
} from '@tabour/contracts';
import { api } from './http';

const post = <P extends keyof StatisticAnswers>(path: P, body: StatisticFilter) =>
  api<StatisticAnswers[P]>(`/business/statistic/${path}`, { method: 'POST', body });

export const statisticsApi = {
  overview: (f: StatisticFilter) => post('filter', f),
  home: (f: StatisticFilter = {}) => post('home/filter', f),
  averageTimes: (f: StatisticFilter) => post('averageTimes', f),
  visitFrequency: (f: StatisticFilter) => post('visiteFrequency', f),
  hourPeak: (f: StatisticFilter) => post('hourPeak', f),
  serviceFrequency: (f: StatisticFilter) => post('servicefrequency', f),
  serviceDurations: (f: StatisticFilter) => post('serviceDurations', f),
  counters: (f: StatisticFilter) => post('counterPerformance', f),
  counterFeedback: (f: StatisticFilter) => post('counterFeedback', f),
  customers: (f: StatisticFilter) => post('customerStat', f),
  tickets: (f: StatisticFilter) => post('tickets', f),
  bookings: (f: StatisticFilter) => post('bookings', f),
  sms: (f: StatisticFilter) => post('totalSms', f),
  serviceLevel: (f: StatisticFilter) => post('serviceLevel', f),
  estimateAccuracy: (f: StatisticFilter) => post('estimateAccuracy', f),
  settings: () => api<StatisticsSettings>('/business/statistic/settings'),
  saveSettings: (body: StatisticsSettings) => api<StatisticsSettings>('/business/statistic/settings', { method: 'POST', body }),
  queueCounters: (id: string, period: CounterStatPeriod) => api<QueueCounterStats>(`/business/queue/${encodeURIComponent(id)}/counterStats?period=${period}`),
  memberCounters: (id: string, period: CounterStatPeriod) => api<MemberCounterStats>(`/business/team/${encodeURIComponent(id)}/counterStats?period=${period}`),
};

/** The report mails' settings (/settings/report-settings). */
const BASE = '/business/report-settings';
export const reportsApi = {
  list: () => api<{ data: ReportSetting[] }>(BASE).then((r) => r.data),
  create: (body: ReportSettingInput) => api<ReportSetting>(`${BASE}/create`, { method: 'POST', body }),
  update: (id: string, body: ReportSettingInput) => api<ReportSetting>(`${BASE}/${id}/update`, { method: 'POST', body }),
  remove: (id: string) => api(`${BASE}/${id}/delete`, { method: 'DELETE' }),
};
