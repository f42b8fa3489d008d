import { existsSync } from 'node:fs';
import * as path from 'node:path';
import {
  ArgumentMetadata,
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Injectable,
  Logger,
  PipeTransform,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { IdempotencyConflict, WrongExpectedVersion } from '@tabour/eventstore';
import { codeForStatus as codeFor, type ErrorBody } from '@tabour/contracts';
import { DomainError, isDatabaseUnavailable } from '@tabour/platform';
import { checkNulls, checkWellFormed, dropReadFields, renameAliases } from './input-rules';

function flatten(errors: ValidationError[], prefix = '', out: Record<string, string[]> = {}): Record<string, string[]> {
  for (const e of errors) {
    const key = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) out[key] = Object.values(e.constraints);
    if (e.children?.length) flatten(e.children, key, out);
  }
  return out;
}

function pipe(forbidUnknown: boolean): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: forbidUnknown,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      const first = Object.values(fields)[0]?.[0] ?? 'The given data was invalid';
      return new DomainError(422, first, 'validation_failed', fields);
    },
  });
}

const PRIMITIVES = new Set<unknown>([String, Number, Boolean, Array, Object]);

/**
 * Bad input: 422 with a message per field, before any handler runs, so nothing is written. A
 * body field the call does not know is refused by name rather than dropped; query strings keep
 * dropping unknown keys (links and caches add their own). Strings must be well-formed Unicode
 * and an optional field may be absent but not null unless it is declared nullable.
 */
@Injectable()
export class InputPipe implements PipeTransform {
  private readonly body = pipe(true);
  private readonly other = pipe(false);

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    checkWellFormed(value, metadata.type === 'body' ? (metadata.data ?? '') : (metadata.data ?? metadata.type));
    const metatype = metadata.metatype as (new () => unknown) | undefined;
    if (metatype && !PRIMITIVES.has(metatype) && !metadata.data) {
      if (metadata.type === 'body') value = dropReadFields(renameAliases(value, metatype), metatype);
      checkNulls(value, metatype);
    }
    return (metadata.type === 'body' ? this.body : this.other).transform(value, metadata);
  }
}

export const validationPipe = (): InputPipe => new InputPipe();

/** What a 503 tells the client to wait: a database restart or failover takes seconds. */
const DATABASE_RETRY_SECONDS = 2;

// 22P05: a NUL character in text, which PostgreSQL cannot store.
const PG_INPUT_ERRORS = new Set(['22P02', '22003', '22007', '22008', '22001', '22023', '2201E', '22021', '22P05']);

/**
 * Every error leaves as `{ message }` with its status; nothing leaks a stack trace. An unknown
 * GET path that asks for a page gets the web app, which shows its own 404 screen.
 */
@Catch()
export class AllErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');
  constructor(private readonly webDist?: string) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;
    const { status, body } = this.describe(exception, req);
    if (status === 404 && req.method === 'GET' && this.webDist && req.accepts(['json', 'html']) === 'html' && !(exception instanceof DomainError)) {
      const index = path.join(this.webDist, 'index.html');
      if (existsSync(index)) {
        // Relative to its folder, so that an installation under a folder starting with a dot still serves it.
        // The page names the hashed assets of the current build: never reused without asking.
        res.setHeader('Cache-Control', 'no-cache');
        res.status(200).sendFile('index.html', { root: this.webDist, cacheControl: false });
        return;
      }
    }
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    if (status === 503 && !res.getHeader('Retry-After')) res.setHeader('Retry-After', String(DATABASE_RETRY_SECONDS));
    res.status(status).json(body);
  }

  /** The answer's body is the contract's `ErrorBody`, so every code it carries is one the web knows. */
  private describe(exception: unknown, req: Request): { status: number; body: ErrorBody } {
    if (exception instanceof DomainError) {
      return {
        status: exception.status,
        body: { message: exception.message, code: exception.code, ...(exception.errors ? { errors: exception.errors } : {}) },
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const r = exception.getResponse();
      const raw = typeof r === 'string' ? r : (r as { message?: unknown }).message;
      const message = Array.isArray(raw) ? raw.join(', ') : typeof raw === 'string' ? raw : exception.message;
      if (status === 404 && /^Cannot (GET|POST|PUT|DELETE|PATCH)/.test(message)) {
        return { status, body: { message: 'Not found', code: 'route_not_found' } };
      }
      return { status, body: { message, code: codeFor(status) } };
    }
    const e = exception as { type?: string; status?: number; statusCode?: number; code?: string; message?: string };
    if (e?.type === 'entity.parse.failed') return { status: 400, body: { message: 'The request body is not valid JSON', code: 'malformed_body' } };
    if (e?.type === 'entity.encoding.invalid')
      return { status: 400, body: { message: e.message ?? 'The request body is not valid UTF-8', code: 'malformed_body' } };
    if (e?.type === 'entity.too.large') return { status: 413, body: { message: 'The request body is too large', code: 'too_large' } };
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      return { status: e.status, body: { message: e.message ?? 'Bad request', code: codeFor(e.status) } };
    }
    if (exception instanceof WrongExpectedVersion || exception instanceof IdempotencyConflict) {
      return { status: 409, body: { message: 'The record was changed at the same time by someone else, try again', code: 'concurrency' } };
    }
    if (e?.code && PG_INPUT_ERRORS.has(e.code)) return { status: 400, body: { message: 'Invalid input', code: 'invalid_input' } };
    if (e?.code === '23505') return { status: 409, body: { message: 'This record already exists', code: 'duplicate' } };
    if (isDatabaseUnavailable(exception)) {
      // The database restarted or dropped the connection: the request may be sent again.
      this.logger.warn(`${req.method} ${req.url}: database unavailable (${(exception as Error)?.message ?? String(exception)})`);
      return { status: 503, body: { message: 'The service is briefly unavailable, please try again in a few seconds', code: 'unavailable' } };
    }
    this.logger.error(`${req.method} ${req.url}: ${(exception as Error)?.stack ?? String(exception)}`);
    return { status: 500, body: { message: 'Something went wrong on our side, please try again', code: 'internal' } };
  }
}
