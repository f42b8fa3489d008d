/**
 * The statistics calls the screens make, typed by the contract: a screen names the figures it
 * wants (`visitFrequency`) and never builds an address.
 */
import type {
  ReportSetting,
  ReportSettingInput,
  AverageTimes,
  CounterFeedback,
  CounterStatPeriod,
  CounterStatistics,
  CustomerStatistics,
  EstimateAccuracy,
  HomeStatistics,
  HourPeak,
  MemberCounterStats,
  QueueCounterStats,
  ServiceDurations,
  ServiceFrequency,
  ServiceLevel,
  SmsStatistics,
  StatisticFilter,
  StatisticsOverview,
  StatisticsSettings,
  TicketStatistics,
  VisitFrequency,
  BookingStatistics,
} from '@tabour/contracts';
import { api } from './http';

const post = <T>(path: string, body: StatisticFilter) => api<T>(`/business/statistic/${path}`, { method: 'POST', body });

export const statisticsApi = {
  overview: (f: StatisticFilter) => post<StatisticsOverview>('filter', f),
  home: (f: StatisticFilter = {}) => post<HomeStatistics>('home/filter', f),
  averageTimes: (f: StatisticFilter) => post<AverageTimes>('averageTimes', f),
  visitFrequency: (f: StatisticFilter) => post<VisitFrequency>('visiteFrequency', f),
  hourPeak: (f: StatisticFilter) => post<HourPeak>('hourPeak', f),
  serviceFrequency: (f: StatisticFilter) => post<ServiceFrequency>('servicefrequency', f),
  serviceDurations: (f: StatisticFilter) => post<ServiceDurations>('serviceDurations', f),
  counters: (f: StatisticFilter) => post<CounterStatistics>('counterPerformance', f),
  counterFeedback: (f: StatisticFilter) => post<CounterFeedback>('counterFeedback', f),
  customers: (f: StatisticFilter) => post<CustomerStatistics>('customerStat', f),
  tickets: (f: StatisticFilter) => post<TicketStatistics>('tickets', f),
  bookings: (f: StatisticFilter) => post<BookingStatistics>('bookings', f),
  sms: (f: StatisticFilter) => post<SmsStatistics>('totalSms', f),
  serviceLevel: (f: StatisticFilter) => post<ServiceLevel>('serviceLevel', f),
  estimateAccuracy: (f: StatisticFilter) => post<EstimateAccuracy>('estimateAccuracy', f),
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
