import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { DomainError } from '@tabour/platform';

/** Nest's multer interceptors (FileInterceptor, NoFilesInterceptor, …) all hold a `this.multer`. */
const readsForms = (interceptor: unknown): boolean =>
  typeof interceptor === 'function' && String((interceptor as { prototype?: { intercept?: unknown } }).prototype?.intercept ?? '').includes('this.multer');

/**
 * A multipart body reaches a call that does not read forms: refused with 415 rather than taken
 * as an empty body, where an update would answer 200 having changed nothing.
 */
@Injectable()
export class FormsOnlyWhereRead implements NestInterceptor {
  private readonly known = new WeakMap<object, boolean>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (req.is('multipart/form-data') && !this.takesForms(context)) {
      throw new DomainError(415, 'This call takes JSON (application/json), not a multipart form', 'unsupported_media_type');
    }
    return next.handle();
  }

  private takesForms(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let takes = this.known.get(handler);
    if (takes === undefined) {
      const own = [
        ...((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[]) ?? []),
        ...((Reflect.getMetadata(INTERCEPTORS_METADATA, context.getClass()) as unknown[]) ?? []),
      ];
      takes = own.some(readsForms);
      this.known.set(handler, takes);
    }
    return takes;
  }
}
