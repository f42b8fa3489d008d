/**
 * /statistics (ADMIN, MANAGER): the figures of the statistics projections under one filter bar
 * (dates, queue, service, counter, member, department, chart period and type), in five tabs.
 * Every chart exports its numbers as CSV or XLSX; the tab and filters live in the address, so a
 * view can be bookmarked and the back button works.
 */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Title, useTranslate } from 'react-admin';
import { CustomersTab } from './CustomersTab';
import { Filters } from './Filters';
import { FrequencyTab } from './FrequencyTab';
import { LogsTab } from './LogsTab';
import { STAT_TABS, type StatTab } from './model';
import { ServicesTab } from './ServicesTab';
import { TimeTab } from './TimeTab';
import { useView } from './useView';

export function StatisticsPage() {
  const translate = useTranslate();
  const view = useView();
  const { tab, chart, body } = view;
  const range = { from: view.filter.from, to: view.filter.to };
  return (
    <Box sx={{ mt: 2 }} data-testid="statistics">
      <Title title="statistics.title" />
      <Filters view={view} />
      <Tabs value={tab} onChange={(_, v: StatTab) => view.set({ tab: v === 'customers' ? '' : v })} variant="scrollable" sx={{ mb: 2 }}>
        {STAT_TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`statistics.tabs.${t}`)} data-testid={`tab-${t}`} />
        ))}
      </Tabs>
      {tab === 'customers' && <CustomersTab body={body} chart={chart} range={range} />}
      {tab === 'frequency' && <FrequencyTab body={body} chart={chart} />}
      {tab === 'time' && <TimeTab body={body} chart={chart} />}
      {tab === 'services' && <ServicesTab body={body} chart={chart} />}
      {tab === 'logs' && <LogsTab body={body} chart={chart} />}
    </Box>
  );
}

export default StatisticsPage;
