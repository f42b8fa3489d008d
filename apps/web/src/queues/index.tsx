import { lazy, Suspense, type ReactNode } from 'react';
import QueueIcon from '@mui/icons-material/Queue';
import { Route } from 'react-router-dom';
import { Loading } from 'react-admin';
import { Guarded } from '../components/Guarded';
import { QueueCreate, QueueEdit } from './QueueForm';
import { QueueList } from './QueueList';
import { WaitingListScreen as WaitingListPage } from './waitinglist/route';

// The working screens carry drag and drop and the live channel: they load on first visit (the waiting list: route.tsx).
const QueueArchive = lazy(() => import('./Archive').then((m) => ({ default: m.QueueArchive })));
const CounterStats = lazy(() => import('./CounterStats').then((m) => ({ default: m.CounterStats })));
const ReorderServices = lazy(() => import('./ReorderServices').then((m) => ({ default: m.ReorderServices })));
const later = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** Each page keeps its own path's rule (docs/product.md#back-office-screens), not the list's (the list is open to every role). */
const page = (path: string, node: ReactNode) => <Guarded path={path}>{later(node)}</Guarded>;

const GuardedCreate = () => page('/queues/create', <QueueCreate />);

/** The queue pages under /queues/:id/… (docs/product.md#queues), beside react-admin's list and create. */
export const queueRoutes = [
  <Route key="edit" path=":id/edit/*" element={page('/queues/:id/edit', <QueueEdit />)} />,
  <Route key="waitinglist" path=":id/waitinglist" element={page('/queues/:id/waitinglist', <WaitingListPage />)} />,
  <Route key="archive" path=":id/archive" element={page('/queues/:id/archive', <QueueArchive />)} />,
  <Route key="counterStats" path=":id/counterStats" element={page('/queues/:id/counterStats', <CounterStats />)} />,
  <Route key="reorderServices" path=":id/reorderServices" element={page('/queues/:id/reorderServices', <ReorderServices />)} />,
];

export default { list: QueueList, create: GuardedCreate, icon: QueueIcon, recordRepresentation: 'name' };
