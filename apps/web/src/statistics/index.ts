import { lazy } from 'react';

/** What other screens may use of the statistics: a counter's figures by period, the spreadsheet export. */
export { MemberCounterPeriod, QueueCounterPeriod } from './CounterPeriod';
export { exportSheet } from './exportSheet';

/** The dashboard's figures carry the chart library: fetched only when shown. */
export const HomeFigures = lazy(() => import('./HomeFigures'));
