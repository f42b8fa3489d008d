import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** What the table needs to know of the query that reads its rows (a react-query result fits). */
export interface SettingsTableQuery {
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
}

export interface SettingsTableProps<R> {
  query: SettingsTableQuery;
  rows: readonly R[];
  /** The column headings, in order. */
  columns: readonly ReactNode[];
  /** One `<TableRow>` a row. */
  row: (row: R) => ReactNode;
  /** The sentence shown once the rows are read and there are none. */
  empty: ReactNode;
  emptyTestId?: string;
  /** Shown when the rows could not be read; without it the table just stays away. */
  failure?: ReactNode;
  /** The rows end with a column of buttons, which has no heading. */
  actions?: boolean;
  testId?: string;
}

/**
 * A settings list read from the server: a progress bar while it loads, the failure, the empty
 * sentence, or the rows in a small table that scrolls sideways on narrow screens instead of
 * widening the page.
 */
export function SettingsTable<R>({ query, rows, columns, row, empty, emptyTestId, failure, actions, testId }: SettingsTableProps<R>) {
  const translate = useTranslate();
  return (
    <>
      {query.isLoading && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {query.isError && failure !== undefined && <Alert severity="error">{failure}</Alert>}
      {query.isSuccess && !rows.length && <Typography data-testid={emptyTestId}>{empty}</Typography>}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                {columns.map((heading, i) => (
                  <TableCell key={i}>{heading}</TableCell>
                ))}
                {actions && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>{rows.map(row)}</TableBody>
          </Table>
        </Box>
      )}
    </>
  );
}
