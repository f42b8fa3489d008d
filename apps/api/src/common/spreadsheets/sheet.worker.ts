/**
 * Parses one uploaded spreadsheet in a worker thread, so that a file that is slow to read holds
 * this thread, not the event loop every business's requests wait on. Loaded by SpreadsheetReader
 * (reader.ts), which bounds its time and memory; it imports only SheetJS and the text check, by
 * relative paths (a thread has none of the main thread's path aliases).
 */
import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { isPlainText } from '../sniff';
import type { SheetJob, SheetMessage, SheetRefusal } from './types';

const ROWS_A_MESSAGE = 1000;

const QUOTED_FORMULA = /^'[=+\-@\t\r]/;
/** The export quotes cells a spreadsheet would run as formulas; the quote goes again here. */
const unquote = (v: unknown) => (typeof v === 'string' && QUOTED_FORMULA.test(v) ? v.slice(1) : v);
const numberText = (n: number) => (Number.isInteger(n) ? n.toFixed(0) : String(n));
const localDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const asText = (cell: unknown) => (cell instanceof Date ? localDate(cell) : typeof cell === 'number' ? numberText(cell) : unquote(cell));

/**
 * A text file's lines and separators, counted before it is parsed: every line break (LF, CRLF or
 * a lone CR) may end a row, every separator a cell, so both counts are upper bounds.
 */
function boundText(content: Uint8Array, job: SheetJob): SheetRefusal | null {
  if (!isPlainText(Buffer.from(content.buffer, content.byteOffset, content.byteLength))) return { refused: 'not_text' };
  let lines = 1;
  let separators = 0;
  for (let i = 0; i < content.length; i++) {
    const b = content[i];
    if (b === 0x0a || (b === 0x0d && content[i + 1] !== 0x0a)) lines++;
    else if (b === 0x2c || b === 0x3b || b === 0x09 || b === 0x7c) separators++;
  }
  if (content[content.length - 1] === 0x0a) lines--;
  if (lines > job.spanRows) return { refused: 'lines', lines };
  if (lines + separators > job.spanCells) return { refused: 'cells', cells: lines + separators };
  return null;
}

function read(job: SheetJob): unknown[][] | SheetRefusal {
  if (job.format === 'text') {
    const refusal = boundText(job.content, job);
    if (refusal) return refusal;
  }
  // Only the first sheet is imported, and no more rows are kept than the range may span (one more tells it spans more).
  const common: XLSX.ParsingOptions = { dense: true, sheets: 0, sheetRows: job.spanRows + 1 };
  let wb: XLSX.WorkBook;
  try {
    const bytes = Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength);
    wb =
      job.format === 'text'
        ? // CSV cells stay text: "00216…" and "007" must keep their zeros.
          XLSX.read(bytes.toString('utf8').replace(/^\uFEFF/, ''), { ...common, type: 'string', raw: true })
        : XLSX.read(bytes, { ...common, type: 'buffer', cellDates: job.cells === 'text' });
  } catch {
    return { refused: 'unreadable' };
  }
  const sheet = wb.Sheets[wb.SheetNames[0]];
  if (!sheet) return { refused: 'unreadable' };
  const ref = (sheet['!fullref'] as string | undefined) ?? sheet['!ref'];
  if (!ref) return [];
  // The range, not the cells present, is what sheet_to_json walks (blank rows and cells included): bounded before it does.
  const range = XLSX.utils.decode_range(ref);
  const rows = range.e.r - range.s.r + 1;
  const columns = range.e.c - range.s.c + 1;
  if (rows > job.spanRows || columns > job.spanColumns || rows * columns > job.spanCells) return { refused: 'range', height: rows, width: columns };
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
}

const post = (message: SheetMessage) => parentPort!.postMessage(message);

/** The rows of the file being answered, sent a batch at a time; the thread then waits for the next file. */
let pending: { rows: unknown[][]; map: (cell: unknown) => unknown; next: number } | null = null;

function send(): void {
  if (!pending) return;
  const { rows, map } = pending;
  if (pending.next >= rows.length) {
    pending = null;
    post({ done: true });
  } else post({ rows: rows.slice(pending.next, (pending.next += ROWS_A_MESSAGE)).map((r) => r.map(map)) });
}

// One batch, then the next when asked: batches posted at once would be received in one turn of the reader's event loop.
parentPort!.on('message', (m: { job: SheetJob } | 'next') => {
  if (m === 'next') return send();
  let answer: unknown[][] | SheetRefusal;
  try {
    answer = read(m.job);
  } catch {
    // A sheet the parser reads but cannot walk is as unreadable as one it cannot read.
    answer = { refused: 'unreadable' };
  }
  if (!Array.isArray(answer)) return post(answer);
  pending = { rows: answer, map: m.job.cells === 'text' ? asText : unquote, next: 0 };
  send();
});
