import { lazy, Suspense } from 'react';
import StarRateIcon from '@mui/icons-material/StarRate';
import { Loading } from 'react-admin';

const FeedbackList = lazy(() => import('./Feedback').then((m) => ({ default: m.FeedbackList })));

/** /feedback loads on first visit. */
function LazyFeedbackList() {
  return (
    <Suspense fallback={<Loading />}>
      <FeedbackList />
    </Suspense>
  );
}

export default { list: LazyFeedbackList, icon: StarRateIcon };
