import { useEffect, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useLocation } from 'react-router-dom';
import { useLoading } from 'react-admin';

/** A thin bar at the top while a page changes or data loads (docs/product.md#route-behaviour). */
export function ProgressBar() {
  const loading = useLoading();
  const { pathname } = useLocation();
  const [navigating, setNavigating] = useState(true);
  // Each new page shows the bar again: set while rendering, the timer below hides it.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setNavigating(true);
  }
  useEffect(() => {
    const t = setTimeout(() => setNavigating(false), 400);
    return () => clearTimeout(t);
  }, [pathname]);
  if (!loading && !navigating) return null;
  return <LinearProgress data-testid="progress-bar" sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000, height: 3 }} />;
}
