import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import type { Request } from 'express';
import { DomainError } from '@tabour/platform';

/** The bodies a call can read: JSON, URL-encoded forms and multipart forms. */
export type BodyType = 'json' | 'form' | 'multipart';

export const BODY_TYPES_KEY = 'tabour:body-types';

const MEDIA_TYPES: Record<BodyType, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};
const NAMES: Record<BodyType, string> = { json: 'JSON', form: 'a URL-encoded form', multipart: 'a multipart form' };

/**
 * The bodies a call reads, where they are not the usual ones: every call reads JSON, and a call
 * with one of multer's interceptors (a file or a form without files) reads both kinds of form
 * as well. Providers' webhooks name theirs (Twilio posts URL-encoded forms).
 */
export const BodyTypes = (...types: BodyType[]) => SetMetadata(BODY_TYPES_KEY, types);

/** Nest's multer interceptors (FileInterceptor, NoFilesInterceptor, …) all hold a `this.multer`. */
const readsForms = (interceptor: unknown): boolean =>
  typeof interceptor === 'function' && String((interceptor as { prototype?: { intercept?: unknown } }).prototype?.intercept ?? '').includes('this.multer');

/** Whether the request carries a body at all: an empty one (`Content-Length: 0`) is none. */
export function hasBody(req: Pick<Request, 'headers'>): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * A body no parser of the call reads would arrive as nothing (JSON sent as `text/plain`, a
 * form sent to a JSON call), and an update would answer 200 having changed nothing: such a
 * request is refused with 415 before validation or the handler see it.
 * A request without a body passes, whatever its Content-Type says.
 */
@Injectable()
export class DeclaredBodyTypes implements CanActivate {
  private readonly known = new WeakMap<object, BodyType[]>();

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!hasBody(req)) return true;
    const accepted = this.accepted(context);
    if (req.is(accepted.map((k) => MEDIA_TYPES[k]))) return true;
    const given = req.headers['content-type']?.split(';')[0].trim();
    const takes = accepted.map((k) => `${NAMES[k]} (${MEDIA_TYPES[k]})`).join(' or ');
    throw new DomainError(
      415,
      `This call takes ${takes}, ${given ? `not ${given.slice(0, 100)}` : 'and the body has no Content-Type'}`,
      'unsupported_media_type',
    );
  }

  private accepted(context: ExecutionContext): BodyType[] {
    const handler = context.getHandler();
    let types = this.known.get(handler);
    if (types === undefined) {
      const declared = (Reflect.getMetadata(BODY_TYPES_KEY, handler) ?? Reflect.getMetadata(BODY_TYPES_KEY, context.getClass())) as BodyType[] | undefined;
      const interceptors = [
        ...((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[]) ?? []),
        ...((Reflect.getMetadata(INTERCEPTORS_METADATA, context.getClass()) as unknown[]) ?? []),
      ];
      types = declared ?? (interceptors.some(readsForms) ? ['json', 'form', 'multipart'] : ['json']);
      this.known.set(handler, types);
    }
    return types;
  }
}
