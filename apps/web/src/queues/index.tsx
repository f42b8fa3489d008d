import { lazy, Suspense, type ComponentType } from 'react';
import QueueIcon from '@mui/icons-material/Queue';
import { Loading } from 'react-admin';
import { QueueCreate, QueueEdit } from './QueueForm';
import { QueueList } from './QueueList';
import { WaitingListScreen } from './waitinglist/route';

// The working screens carry drag and drop and the live channel: they load on first visit (the waiting list: route.tsx).
const QueueArchive = lazy(() => import('./Archive').then((m) => ({ default: m.QueueArchive })));
const CounterStats = lazy(() => import('./CounterStats').then((m) => ({ default: m.CounterStats })));
const ReorderServices = lazy(() => import('./ReorderServices').then((m) => ({ default: m.ReorderServices })));

/**
 * The queue pages under /queues/:id/… (docs/product.md#queues), beside react-admin's list and
 * create: App routes them under the queues resource, each behind its own path's rule (not the
 * list's, which is open to every role).
 */
export const QUEUE_PAGES: readonly { path: string; Page: ComponentType }[] = [
  { path: '/queues/:id/edit/*', Page: QueueEdit },
  { path: '/queues/:id/waitinglist', Page: WaitingListScreen },
  { path: '/queues/:id/archive', Page: QueueArchive },
  { path: '/queues/:id/counterStats', Page: CounterStats },
  { path: '/queues/:id/reorderServices', Page: ReorderServices },
];

const Create = () => (
  <Suspense fallback={<Loading />}>
    <QueueCreate />
  </Suspense>
);

export default { list: QueueList, create: Create, icon: QueueIcon, recordRepresentation: 'name' };
