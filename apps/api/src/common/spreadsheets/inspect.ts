import * as XLSX from '@e965/xlsx';
import * as yauzl from 'yauzl';
import { DomainError, invalid } from '@tabour/platform';
import type { SheetFormat, SheetLimits, SheetRefusal } from './types';

export const FILE_INVALID = 'Attach a valid file (CSV, XLS or XLSX)';

/** Rows the sheet may span above its header: a title, a blank line or two. */
export const LEADING_ROWS = 100;
/** An XLSX is a dozen parts; hundreds means images or junk, thousands only serve to exhaust the reader. */
export const MAX_ZIP_ENTRIES = 1000;
/** Sheets compress 5 to 20 to 1; a part packed tighter than this is a bomb (deflate's ceiling is about 1032 to 1). */
export const MAX_RATIO = 200;
/** Below this, a part's ratio says nothing (a small, very regular part can pack tightly). */
const RATIO_FROM_BYTES = 1024 * 1024;
/** Enough of a worksheet's start to find its <dimension>, which comes before the cells. */
const DIMENSION_WITHIN = 64 * 1024;

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const DIMENSION = /<(?:[\w.-]+:)?dimension\b[^>]*?\bref\s*=\s*["']([A-Za-z]{1,3}\d{1,7}(?::[A-Za-z]{1,3}\d{1,7})?)["']/;

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${count(Math.ceil(bytes / (1024 * 1024)))} MB`;

/** A refusal of the upload as a field error on `file`, naming it, so the screen shows which file and why. */
export const refuse = (name: string, sentence: string): DomainError => {
  const message = `${name} ${sentence}`;
  return invalid(message, { file: [message] });
};

/** The rows, columns and cells the sheet's range may span: the import's rows, with its header and leading rows. */
export const spanOf = (limits: SheetLimits) => ({ spanRows: limits.rows + 1 + LEADING_ROWS, spanColumns: limits.columns, spanCells: limits.cells });

export const rangeRefusal = (name: string, limits: SheetLimits, rows: number, columns: number): DomainError =>
  refuse(
    name,
    `spans ${count(rows)} rows and ${count(columns)} columns (${count(rows * columns)} cells): a file may hold at most ${count(limits.rows)} rows, ` +
      `${count(limits.columns)} columns and ${count(limits.cells)} cells; delete the empty rows and columns at its end, or split it`,
  );

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b;
const isOle = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));

/**
 * What the upload is, an XLSX checked against the limits without parsing it: its zip's directory,
 * then its parts' true inflated sizes and its sheets' declared ranges. A CSV is bounded by its
 * lines and separators, counted on the parsing thread before it parses. An XLS holds no
 * compression, so its size bounds it; its range is checked by the parser before the cells are read.
 */
export async function inspect(content: Buffer, name: string, limits: SheetLimits): Promise<SheetFormat> {
  if (isZip(content)) {
    await inspectZip(content, name, limits);
    return 'xlsx';
  }
  if (isOle(content)) return 'xls';
  // Anything else may be a CSV: the thread checks it is text and counts its lines before parsing it (sheet.worker.ts).
  return 'text';
}

/** The refusal of what the thread found before or instead of rows. */
export function refusalOf(refusal: SheetRefusal, name: string, limits: SheetLimits, format: SheetFormat): DomainError {
  switch (refusal.refused) {
    case 'not_text':
      return invalid(FILE_INVALID, { file: [FILE_INVALID] });
    case 'lines':
      return refuse(name, `holds ${count(refusal.lines)} lines: a file may hold at most ${count(limits.rows)} rows; split it`);
    case 'cells':
      return refuse(name, `holds more than ${count(limits.cells)} cells: split it`);
    case 'range':
      return rangeRefusal(name, limits, refusal.height, refusal.width);
    case 'unreadable':
      return refuse(name, format === 'xls' ? 'is not a readable XLS file: it is damaged or protected by a password' : 'is not a readable spreadsheet');
  }
}

const unreadableZip = (name: string) => refuse(name, 'is not a readable XLSX file: it is damaged, or not a spreadsheet');

function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/**
 * Inflates the part to nowhere, keeping its first `keep` bytes. yauzl fails the stream as soon as
 * the data runs past the size the directory declares, so the declared sizes checked before are
 * the true ones; inflating runs on libuv's threads, with the event loop free meanwhile.
 */
async function drain(zip: yauzl.ZipFile, entry: yauzl.Entry, keep: number): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const kept: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (length < keep) kept.push(chunk.subarray(0, keep - length));
    length += chunk.length;
  }
  return Buffer.concat(kept);
}

async function inspectZip(content: Buffer, name: string, limits: SheetLimits): Promise<void> {
  let zip: yauzl.ZipFile;
  let entries: yauzl.Entry[];
  try {
    zip = await yauzl.fromBufferPromise(content, { lazyEntries: true, validateEntrySizes: true });
    if (zip.entryCount > MAX_ZIP_ENTRIES)
      throw refuse(name, `holds ${count(zip.entryCount)} parts: an XLSX file needs far fewer than ${count(MAX_ZIP_ENTRIES)}`);
    entries = await entriesOf(zip);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw unreadableZip(name);
  }
  const names = new Set(entries.map((e) => e.fileName.toLowerCase()));
  if (!names.has('xl/workbook.xml')) {
    if (names.has('content.xml') || names.has('index/document.iwa'))
      throw refuse(name, 'is an OpenDocument or Numbers spreadsheet, which the import does not read: save it as XLSX or CSV');
    if (names.has('xl/workbook.bin')) throw refuse(name, 'is a binary workbook (XLSB), which the import does not read: save it as XLSX or CSV');
    throw unreadableZip(name);
  }
  const files = entries.filter((e) => !e.fileName.endsWith('/'));
  if (files.some((e) => e.isEncrypted())) throw refuse(name, 'is encrypted: save it without a password');
  const inflated = files.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (inflated > limits.inflatedBytes)
    throw refuse(name, `unpacks to ${megabytes(inflated)}: an import reads at most ${megabytes(limits.inflatedBytes)} of spreadsheet; split it`);
  const packed = files.find((e) => e.uncompressedSize > RATIO_FROM_BYTES && e.uncompressedSize / Math.max(1, e.compressedSize) > MAX_RATIO);
  if (packed)
    throw refuse(
      name,
      `holds a part packed ${count(Math.round(packed.uncompressedSize / Math.max(1, packed.compressedSize)))} to 1, which no spreadsheet is: save it again from a spreadsheet program`,
    );
  for (const entry of files) {
    let start: Buffer;
    try {
      start = await drain(zip, entry, WORKSHEET.test(entry.fileName) ? DIMENSION_WITHIN : 0);
    } catch {
      throw unreadableZip(name);
    }
    const ref = start.length ? DIMENSION.exec(start.toString('latin1'))?.[1] : undefined;
    if (ref) {
      const range = XLSX.utils.decode_range(ref.toUpperCase());
      const [rows, columns] = [range.e.r - range.s.r + 1, range.e.c - range.s.c + 1];
      const span = spanOf(limits);
      if (rows > span.spanRows || columns > span.spanColumns || rows * columns > span.spanCells) throw rangeRefusal(name, limits, rows, columns);
    }
  }
}
