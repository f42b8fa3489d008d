/** The statistics screen's filter and view, read from and written to the address so a view can be bookmarked. */
import { useSearchParams } from 'react-router-dom';
import { STATISTIC_PERIODS, type StatisticPeriod } from '@tabour/contracts';
import { CHART_TYPES, filterBody, STAT_TABS, type ChartType, type FilterState, type StatTab } from './model';

export const FILTER_KEYS = ['from', 'to', 'queue_id', 'service_id', 'counter_id', 'member_id', 'department_id'] as const;

/** The filter and view read from the address. */
export function useView() {
  const [params, setParams] = useSearchParams();
  const tab = (STAT_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as StatTab) : 'customers';
  const chart = (CHART_TYPES as readonly string[]).includes(params.get('chart') ?? '') ? (params.get('chart') as ChartType) : 'area';
  const period = (STATISTIC_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as StatisticPeriod) : 'daily';
  const filter = { period } as FilterState;
  for (const k of FILTER_KEYS) filter[k] = params.get(k) ?? '';
  const set = (changes: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return { tab, chart, filter, body: filterBody(filter), set };
}

export type StatisticsView = ReturnType<typeof useView>;
