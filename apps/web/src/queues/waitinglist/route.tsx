import { lazy } from 'react';
import { loadedScreen } from './loaded';

const Later = lazy(() => import('./WaitingList').then((m) => ({ default: m.WaitingListPage })));

/**
 * The waiting list's route. On its own address main.tsx fetches the screen beside the back-office,
 * so it is in before the routes render: shown at once, where a lazy component would suspend for
 * a turn even with its module in, and React holds a revealed Suspense boundary back for up to
 * 300 ms. Opened from another page, it loads as a lazy chunk.
 */
export function WaitingListScreen() {
  const Page = loadedScreen.page;
  return Page ? <Page /> : <Later />;
}
