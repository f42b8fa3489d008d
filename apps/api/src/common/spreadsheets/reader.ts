import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Inject, Injectable, Logger, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { DomainError } from '@tabour/platform';
import { safeFileName } from '../sniff';
import { inspect, refusalOf, refuse, spanOf } from './inspect';
import type { CellMode, SheetJob, SheetLimits, SheetMessage, SheetRefusal } from './types';

export interface ReaderOptions {
  /** Files parsed at once in this process; each on a thread of its own. */
  concurrency: number;
  /** Uploads that may wait for a thread; one more is answered 503 at once. */
  queue: number;
  /** How long an upload waits for a thread before it is answered 503. */
  waitMs: number;
  /** How long a thread may parse before it is stopped and the upload refused. */
  timeoutMs: number;
  /** The thread's JavaScript heap; past it the thread is stopped and the upload refused. */
  memoryMb: number;
  /** How long a thread that answered waits for the next file before it ends. */
  idleMs: number;
  /** A thread that parsed a larger file ends with it, giving its heap back, rather than wait for the next. */
  reuseBelowBytes: number;
}

export const READER_DEFAULTS: ReaderOptions = {
  concurrency: 2,
  queue: 8,
  waitMs: 30_000,
  timeoutMs: 30_000,
  memoryMb: 512,
  idleMs: 5 * 60_000,
  reuseBelowBytes: 2 * 1024 * 1024,
};
export const READER_OPTIONS = Symbol('READER_OPTIONS');

/** An uploaded file as multer hands it over. */
export interface Upload {
  buffer: Buffer;
  originalname?: string;
}

// From the sources (npm run dev, the tests) the thread compiles its TypeScript as the main thread does; from dist/ it is JavaScript.
const FROM_SOURCES = path.extname(__filename) === '.ts';
const WORKER_FILE = path.join(__dirname, `sheet.worker${path.extname(__filename)}`);
const WORKER_ARGV = FROM_SOURCES ? ['--require', require.resolve('@swc-node/register')] : [];

/** What a thread's events mean for the file it is parsing. */
interface JobHandler {
  message(m: SheetMessage): void;
  failed(err: Error & { code?: string }): void;
  exited(code: number): void;
}

interface Waiter {
  tenantId: string;
  start(): void;
  refuse(): void;
  timer: NodeJS.Timeout;
}

/** The name a refusal shows: multer reads it as Latin-1, browsers send UTF-8. */
const displayName = (upload: Upload) => safeFileName(Buffer.from(upload.originalname || 'the file', 'latin1').toString('utf8'));

/**
 * Reads the first sheet of an uploaded CSV, XLS or XLSX for an import. The file is checked
 * against the import's limits first (inspect.ts: no parser runs on a file whose zip inflates past
 * them or whose sheet spans too much), then parsed on a worker thread with a heap and a time
 * limit, so that no upload holds the event loop. A few threads at once per process, one per
 * business: the others wait their turn, a moment at most (docs/security.md, "Uploads"). A thread
 * that read a small file waits a while for the next, SheetJS loaded; one that read a large file,
 * or was stopped, ends.
 */
@Injectable()
export class SpreadsheetReader implements OnApplicationShutdown {
  private readonly logger = new Logger('spreadsheets');
  private readonly options: ReaderOptions;
  private readonly busy = new Set<string>();
  private readonly waiting: Waiter[] = [];
  private readonly workers = new Set<Worker>();
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private readonly jobs = new Map<Worker, JobHandler>();
  private closing = false;

  constructor(@Optional() @Inject(READER_OPTIONS) options?: Partial<ReaderOptions>) {
    this.options = { ...READER_DEFAULTS, ...options };
  }

  async read(tenantId: string, upload: Upload, limits: SheetLimits, cells: CellMode): Promise<unknown[][]> {
    const name = displayName(upload);
    const format = await inspect(upload.buffer, name, limits);
    await this.turn(tenantId);
    try {
      const answer = await this.parse({ content: upload.buffer, format, cells, ...spanOf(limits) }, name);
      if (Array.isArray(answer)) return answer;
      throw refusalOf(answer, name, limits, format);
    } finally {
      this.busy.delete(tenantId);
      this.next();
    }
  }

  /** Files being parsed and waiting, and threads idle. */
  get load(): { parsing: number; waiting: number; idle: number } {
    return { parsing: this.busy.size, waiting: this.waiting.length, idle: this.idle.length };
  }

  private turn(tenantId: string): Promise<void> {
    if (this.canStart(tenantId)) {
      this.busy.add(tenantId);
      return Promise.resolve();
    }
    if (this.closing || this.waiting.length >= this.options.queue) return Promise.reject(serverBusy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        tenantId,
        start: () => {
          clearTimeout(waiter.timer);
          this.busy.add(tenantId);
          resolve();
        },
        refuse: () => {
          clearTimeout(waiter.timer);
          reject(serverBusy());
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(serverBusy());
        }, this.options.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private canStart(tenantId: string): boolean {
    return this.busy.size < this.options.concurrency && !this.busy.has(tenantId);
  }

  /** The first waiter whose business has no file being parsed takes the free thread. */
  private next(): void {
    for (let i = 0; i < this.waiting.length && this.busy.size < this.options.concurrency;) {
      const w = this.waiting[i];
      if (this.busy.has(w.tenantId)) i++;
      else {
        this.waiting.splice(i, 1);
        w.start();
      }
    }
  }

  /** An idle thread if there is one (SheetJS already loaded: a new thread takes a few hundred ms to load it), else a new one. */
  private take(): Worker {
    const spare = this.idle.pop();
    if (spare) {
      clearTimeout(spare.timer);
      spare.worker.ref();
      return spare.worker;
    }
    const worker = new Worker(WORKER_FILE, {
      execArgv: WORKER_ARGV,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    this.workers.add(worker);
    // Listeners for the thread's life; a file's handler is set while it is parsed.
    worker.on('message', (m: SheetMessage) => this.jobs.get(worker)?.message(m));
    worker.on('error', (err: Error & { code?: string }) => this.jobs.get(worker)?.failed(err));
    worker.on('exit', (code: number) => {
      this.workers.delete(worker);
      this.drop(worker);
      this.jobs.get(worker)?.exited(code);
    });
    return worker;
  }

  /** A thread that answered keeps its place for the next file a while, without keeping the process alive. */
  private giveBack(worker: Worker): void {
    if (this.closing) return void worker.terminate();
    worker.unref();
    const timer = setTimeout(() => {
      this.drop(worker);
      void worker.terminate();
    }, this.options.idleMs);
    timer.unref();
    this.idle.push({ worker, timer });
  }

  private drop(worker: Worker): void {
    const at = this.idle.findIndex((i) => i.worker === worker);
    if (at >= 0) clearTimeout(this.idle.splice(at, 1)[0].timer);
  }

  private parse(job: SheetJob, name: string): Promise<unknown[][] | SheetRefusal> {
    // A copy the thread owns: multer's buffer may share its memory with other buffers.
    const content = new Uint8Array(job.content);
    // Read before the copy is handed over, which empties it here.
    const reusable = content.byteLength < this.options.reuseBelowBytes;
    const worker = this.take();
    const started = Date.now();
    return new Promise<unknown[][] | SheetRefusal>((resolve, reject) => {
      const rows: unknown[][] = [];
      const settle = (outcome: () => void, reusable: boolean) => {
        if (this.jobs.get(worker) !== handler) return;
        this.jobs.delete(worker);
        clearTimeout(timer);
        if (reusable) this.giveBack(worker);
        else void worker.terminate();
        outcome();
      };
      const handler: JobHandler = {
        message: (m) => {
          if ('rows' in m) {
            for (const row of m.rows) rows.push(row);
            setImmediate(() => this.jobs.get(worker) === handler && worker.postMessage('next'));
          } else settle(() => resolve('done' in m ? rows : m), reusable);
        },
        failed: (err) =>
          settle(() => {
            if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
              this.logger.warn(`${name}: parsing stopped at the thread's memory limit (${this.options.memoryMb} MB)`);
              reject(refuse(name, 'needs more memory to read than an import may take: split it into smaller files'));
            } else reject(err);
          }, false),
        exited: (code) => settle(() => reject(this.closing ? serverBusy() : new Error(`the spreadsheet thread exited (${code}) without an answer`)), false),
      };
      const timer = setTimeout(
        () =>
          settle(() => {
            this.logger.warn(`${name}: parsing stopped after ${Date.now() - started} ms`);
            reject(refuse(name, `took more than ${+(this.options.timeoutMs / 1000).toFixed(2)} s to read: split it into smaller files`));
          }, false),
        this.options.timeoutMs,
      );
      this.jobs.set(worker, handler);
      worker.postMessage({ job: { ...job, content } }, [content.buffer]);
    });
  }

  /** Stopping: files waiting are answered 503 (another instance takes them), threads still parsing are stopped. */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    for (const w of this.waiting.splice(0)) w.refuse();
    for (const i of this.idle.splice(0)) clearTimeout(i.timer);
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }
}

const serverBusy = () => new DomainError(503, 'Other files are being imported: try again in a few seconds', 'unavailable');

/** One reader per process, whichever modules import it. */
@Module({ providers: [SpreadsheetReader], exports: [SpreadsheetReader] })
export class SpreadsheetsModule {}
