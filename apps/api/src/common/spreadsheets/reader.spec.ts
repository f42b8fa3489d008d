import * as XLSX from '@e965/xlsx';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { DomainError } from '@tabour/platform';
import { MAX_ZIP_ENTRIES } from './inspect';
import { type ReaderOptions, SpreadsheetReader } from './reader';
import type { SheetLimits } from './types';

const LIMITS: SheetLimits = { rows: 50_000, columns: 256, cells: 2_000_000, inflatedBytes: 50 * 1024 * 1024 };
const csv = (rows: number, columns = 4) =>
  Buffer.from(['h', ...Array.from({ length: rows }, (_, i) => Array.from({ length: columns }, (_, c) => `v${i}-${c}`).join(','))].join('\n'));
const turn = () => new Promise((r) => setImmediate(r));

/** The refusal a read ended in: its status and its message on the file field. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, message: err.errors?.file?.[0] ?? err.message };
}

function workbook(): Record<string, Uint8Array> {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['First name'], ['Amine']]), 'Sheet1');
  return unzipSync(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

const readers: SpreadsheetReader[] = [];
/** A reader the test's end stops, as the application's would. */
const newReader = (options: Partial<ReaderOptions> = {}) => readers[readers.push(new SpreadsheetReader(options)) - 1];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((r) => r.onApplicationShutdown()));
});

describe('SpreadsheetReader', () => {
  it('reads a CSV on a thread, cells as text, and keeps the thread for the next file', async () => {
    const reader = newReader();
    const file = { buffer: Buffer.from('first_name,phone\nAmine,0021620111222\n'), originalname: 'a.csv' };
    expect(await reader.read('t1', file, LIMITS, 'text')).toEqual([
      ['first_name', 'phone'],
      ['Amine', '0021620111222'],
    ]);
    expect(reader.load).toEqual({ parsing: 0, waiting: 0, idle: 1 });
    expect(await reader.read('t2', file, LIMITS, 'raw')).toHaveLength(2);
    expect(reader.load).toEqual({ parsing: 0, waiting: 0, idle: 1 });
  });

  it('ends a thread left idle, and one that read a large file at once', async () => {
    const reader = newReader({ idleMs: 10 });
    await reader.read('t1', { buffer: Buffer.from('a\n1\n'), originalname: 'a.csv' }, LIMITS, 'text');
    expect(reader.load.idle).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(reader.load.idle).toBe(0);
    const small = newReader({ reuseBelowBytes: 4 });
    await small.read('t1', { buffer: Buffer.from('a\n1\n'), originalname: 'a.csv' }, LIMITS, 'text');
    expect(small.load.idle).toBe(0);
  });

  it('stops a thread past its time and refuses the file by name', async () => {
    const reader = newReader({ timeoutMs: 20 });
    expect(await refusal(reader.read('t1', { buffer: csv(20_000), originalname: 'slow.csv' }, LIMITS, 'text'))).toEqual({
      status: 422,
      message: 'slow.csv took more than 0.02 s to read: split it into smaller files',
    });
    expect(reader.load).toEqual({ parsing: 0, waiting: 0, idle: 0 });
  });

  it('stops a thread at its heap limit and refuses the file by name', async () => {
    const reader = newReader({ memoryMb: 16 });
    expect(await refusal(reader.read('t1', { buffer: csv(45_000, 16), originalname: 'big.csv' }, LIMITS, 'text'))).toEqual({
      status: 422,
      message: 'big.csv needs more memory to read than an import may take: split it into smaller files',
    });
    expect(reader.load).toEqual({ parsing: 0, waiting: 0, idle: 0 });
  });

  it('parses two files at once, one per business; the others wait, and past the queue the answer is 503', async () => {
    const reader = newReader({ concurrency: 2, queue: 2 });
    const file = { buffer: csv(5_000), originalname: 'f.csv' };
    const reads = [reader.read('a', file, LIMITS, 'raw'), reader.read('a', file, LIMITS, 'raw'), reader.read('b', file, LIMITS, 'raw')];
    await turn();
    // The second file of business a waits for the first, though a thread is free; b's takes it.
    expect(reader.load).toEqual({ parsing: 2, waiting: 1, idle: 0 });
    reads.push(reader.read('c', file, LIMITS, 'raw'));
    await turn();
    expect(reader.load).toEqual({ parsing: 2, waiting: 2, idle: 0 });
    expect(await refusal(reader.read('d', file, LIMITS, 'raw'))).toEqual({
      status: 503,
      message: 'Other files are being imported: try again in a few seconds',
    });
    for (const rows of await Promise.all(reads)) expect(rows).toHaveLength(5_001);
    expect(reader.load).toEqual({ parsing: 0, waiting: 0, idle: 2 });
  });

  it('answers 503 to an upload that waited too long for a thread', async () => {
    const reader = newReader({ concurrency: 1, waitMs: 10 });
    const first = reader.read('a', { buffer: csv(5_000), originalname: 'f.csv' }, LIMITS, 'raw');
    expect((await refusal(reader.read('b', { buffer: csv(5), originalname: 'g.csv' }, LIMITS, 'raw'))).status).toBe(503);
    expect(await first).toHaveLength(5_001);
  });

  it('stops the threads and the waiting uploads when the application stops', async () => {
    const reader = newReader({ concurrency: 1 });
    const file = { buffer: csv(5_000), originalname: 'f.csv' };
    const reads = [reader.read('a', file, LIMITS, 'raw'), reader.read('b', file, LIMITS, 'raw')].map(refusal);
    await turn();
    await reader.onApplicationShutdown();
    expect((await Promise.all(reads)).map((r) => r.status)).toEqual([503, 503]);
    expect(reader.load).toEqual({ parsing: 0, waiting: 0, idle: 0 });
  });

  it('refuses a sheet whose cells reach past the columns allowed, found by the parser when no dimension says so', async () => {
    const wide = Buffer.from(`${Array.from({ length: 300 }, (_, i) => `c${i}`).join(',')}\n`);
    const { status, message } = await refusal(newReader().read('t', { buffer: wide, originalname: 'wide.csv' }, { ...LIMITS, cells: 1_000_000 }, 'text'));
    expect(status).toBe(422);
    expect(message).toMatch(/^wide\.csv spans 1 rows and 300 columns/);
  });

  describe('zip checks before parsing', () => {
    const read = (files: Record<string, Uint8Array>, name = 'f.xlsx', limits = LIMITS) =>
      newReader().read('t', { buffer: Buffer.from(zipSync(files, { level: 9 })), originalname: name }, limits, 'text');

    it('reads a real XLSX', async () => {
      expect(await read(workbook())).toEqual([['First name'], ['Amine']]);
    });

    it(`refuses more than ${MAX_ZIP_ENTRIES} parts`, async () => {
      const files = workbook();
      const parts = Object.keys(files).length;
      for (let i = parts; i <= MAX_ZIP_ENTRIES; i++) files[`xl/media/${i}.bin`] = strToU8('x');
      expect((await refusal(read(files, 'many.xlsx'))).message).toBe('many.xlsx holds 1,001 parts: an XLSX file needs far fewer than 1,000');
    });

    it('refuses a part packed far tighter than any sheet, though the whole is under the size cap', async () => {
      const files = { ...workbook(), 'xl/media/zeros.bin': new Uint8Array(8 * 1024 * 1024) };
      expect((await refusal(read(files, 'tight.xlsx'))).message).toMatch(/^tight\.xlsx holds a part packed [\d,]+ to 1/);
    });

    it('refuses what it unpacks to past the cap', async () => {
      const limits = { ...LIMITS, inflatedBytes: 1024 * 1024 };
      const files = { ...workbook(), 'xl/media/noise.bin': Uint8Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 7919) % 251) };
      expect((await refusal(read(files, 'big.xlsx', limits))).message).toBe('big.xlsx unpacks to 3 MB: an import reads at most 1 MB of spreadsheet; split it');
    });

    it('refuses other zipped spreadsheets by what they are, and a zip that is none', async () => {
      expect(
        (await refusal(read({ mimetype: strToU8('application/vnd.oasis.opendocument.spreadsheet'), 'content.xml': strToU8('<x/>') }, 'a.ods'))).message,
      ).toMatch(/^a\.ods is an OpenDocument or Numbers spreadsheet/);
      expect((await refusal(read({ 'xl/workbook.bin': strToU8('x') }, 'b.xlsb'))).message).toMatch(/^b\.xlsb is a binary workbook \(XLSB\)/);
      expect((await refusal(read({ 'readme.txt': strToU8('x') }, 'c.xlsx'))).message).toBe(
        'c.xlsx is not a readable XLSX file: it is damaged, or not a spreadsheet',
      );
      const truncated = Buffer.from(zipSync(workbook())).subarray(0, 300);
      expect((await refusal(newReader().read('t', { buffer: truncated, originalname: 'd.xlsx' }, LIMITS, 'text'))).message).toBe(
        'd.xlsx is not a readable XLSX file: it is damaged, or not a spreadsheet',
      );
    });
  });
});
