import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { Loading } from 'react-admin';

/** Shows the loading state or the error of a call, else its figures. */
export function Loaded<T>({ q, children }: { q: { isPending: boolean; error: unknown; data?: T }; children: (data: T) => ReactNode }) {
  if (q.isPending) return <Loading />;
  if (q.error || q.data === undefined) return <Alert severity="error">{(q.error as Error | null)?.message ?? ''}</Alert>;
  return <>{children(q.data)}</>;
}
