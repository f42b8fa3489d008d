import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A caller's request id is kept when it is a plain token (a proxy's or a client's trace id);
 * anything else (too long, spaces, control characters) could forge or break a log line.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:+=@-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** What the request logs and the request figures know of a request once it is answered. */
export interface Answered {
  method: string;
  /** The route's pattern (`/business/queue/:id`), never the path with its ids and tokens. */
  route: string;
  status: number;
  seconds: number;
  /** The connection closed before the answer was sent whole. */
  aborted: boolean;
  tenant: string | null;
}

/** Requests no route of the API matched: web assets, the page, unknown paths, bodies refused before routing. */
export const UNMATCHED = 'unmatched';

/**
 * The path nestjs-pino's middleware is mounted on, for every request. Express mounts it as a
 * route, so a request no handler of the API matched keeps it as its `req.route`.
 */
export const EVERY_PATH = '{*path}';
const MIDDLEWARE_ROUTES = new Set([EVERY_PATH, `/${EVERY_PATH}`]);

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Probes an orchestrator or a scraper sends every few seconds: logged at debug, counted as any other. */
const PROBES = new Set(['/health', '/metrics']);

const STARTED = Symbol('request started');

type Observed = IncomingMessage & {
  [STARTED]?: bigint;
  route?: { path?: unknown };
  principal?: { tenantId?: string };
  integration?: { tenantId?: string };
};

function answered(req: Observed, res: ServerResponse): Answered {
  const started = req[STARTED] ?? process.hrtime.bigint();
  const path = req.route?.path;
  return {
    method: METHODS.has(req.method ?? '') ? req.method! : 'OTHER',
    route: typeof path === 'string' && !MIDDLEWARE_ROUTES.has(path) ? path : UNMATCHED,
    status: res.statusCode,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    aborted: !res.writableFinished,
    // The staff's or device's session, or the integration's API key, as the guards attached it.
    tenant: req.principal?.tenantId ?? req.integration?.tenantId ?? null,
  };
}

/**
 * The request log's line: only these fields (and the request id the request's logger carries),
 * so no header, body, query string or token is ever written.
 */
function line(a: Answered): Record<string, unknown> {
  return {
    method: a.method,
    route: a.route,
    status: a.status,
    durationMs: Math.round(a.seconds * 1e4) / 10,
    ...(a.tenant ? { tenant: a.tenant } : {}),
    ...(a.aborted ? { aborted: true } : {}),
  };
}

/**
 * The first middleware of the server: gives each request its id (sent back as `x-request-id`),
 * binds a child logger carrying it to the request, and writes one line when the answer is sent
 * or the connection closes; `observe` is told of each request for the figures.
 */
export function requestObserver(root: Logger, observe: (a: Answered) => void): RequestHandler {
  const http = pinoHttp({
    logger: root,
    // Only the request id is bound to the request's logger: what a handler logs carries it.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId: (req, res) => {
      const id = requestIdOf(req.headers[REQUEST_ID_HEADER]);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      return PROBES.has((req as Observed).route?.path as string) ? 'debug' : 'info';
    },
    customSuccessObject: (req, res) => line(answered(req as Observed, res)),
    customErrorObject: (req, res) => line(answered(req as Observed, res)),
    customSuccessMessage: (req, res) => {
      const a = answered(req as Observed, res);
      return `${a.method} ${a.route} ${a.status}`;
    },
    customErrorMessage: (req, res) => {
      const a = answered(req as Observed, res);
      return `${a.method} ${a.route} ${a.status}`;
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    (req as Observed)[STARTED] = process.hrtime.bigint();
    let told = false;
    const done = () => {
      if (told) return;
      told = true;
      try {
        observe(answered(req as Observed, res));
      } catch {
        // The figures are watched, never a reason to fail an answer.
      }
    };
    res.once('finish', done);
    res.once('close', done);
    http(req, res, next);
  };
}
