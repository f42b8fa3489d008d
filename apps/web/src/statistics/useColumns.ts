import { useTranslate } from 'react-admin';
import type { Column } from './model';

/** The columns of the exports, headed in the reader's language. */
export function useColumns() {
  const translate = useTranslate();
  return {
    bucket: <T extends { bucket: string }>(): Column<T> => ({ header: translate('statistics.columns.bucket'), value: (r) => r.bucket, day: true }),
    col: <T>(key: string, value: (r: T) => string | number | null): Column<T> => ({ header: translate(`statistics.columns.${key}`), value }),
  };
}
