import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useFormat } from '../i18n/format';
import type { Exportable } from './parts';

/**
 * A table of the rows an export writes, under its chart: the numbers, readable without hovering.
 * Under a chart it scrolls past a few rows; standing alone (`maxHeight="none"`) it shows them all.
 */
export function NumbersTable<T>({ data, testid, maxHeight = 320 }: { data: Exportable<T>; testid?: string; maxHeight?: number | 'none' }) {
  const f = useFormat();
  const cell = (v: string | number | null, day?: boolean) => (typeof v === 'number' ? f.number(v) : v === null ? '—' : day ? f.day(v) : v);
  return (
    <Box sx={{ overflowX: 'auto', maxHeight }}>
      <Table size="small" stickyHeader data-testid={testid}>
        <TableHead>
          <TableRow>
            {data.columns.map((c) => (
              <TableCell key={c.header}>{c.header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((r, i) => (
            <TableRow key={i}>
              {data.columns.map((c) => (
                <TableCell key={c.header}>{cell(c.value(r), c.day)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
