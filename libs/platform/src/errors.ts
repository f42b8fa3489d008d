// By path, not by '@tabour/contracts': the test setup loads this library without the path aliases.
import { firstError, type ErrorCode, type FieldErrors } from '../../contracts/src';

/**
 * Errors the domain raises on purpose. The HTTP layer maps each to its status and answers
 * `{ message, code, errors }`; anything else becomes a logged 500 with a generic message.
 * The code is one of the contract's (libs/contracts/src/errors.ts), which the web matches on.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode = 'error',
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

/** 429 with the seconds to wait, which the HTTP layer sends as Retry-After. */
export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    code: ErrorCode,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, code);
  }
}

export const notFound = (message = 'No data found') => new DomainError(404, message, 'not_found');
export const forbidden = (message = 'You are not allowed to do this') => new DomainError(403, message, 'forbidden');
export const unauthorized = (message = 'Unauthenticated') => new DomainError(401, message, 'unauthenticated');
export const conflict = (message: string, code: ErrorCode = 'conflict') => new DomainError(409, message, code);
export const invalid = (message: string, errors?: FieldErrors, code: ErrorCode = 'invalid') => new DomainError(422, message, code, errors);
export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new DomainError(400, message, code);

export const PLAN_GATE_MESSAGE = 'You must upgrade your account to get access to this functionality';
export const planRequired = () => new DomainError(403, PLAN_GATE_MESSAGE, 'plan_required');

/** Refuses a form with every message found, headed by the first: the decisions gather them all before refusing. */
export function throwIfAny(errors: FieldErrors): void {
  const first = firstError(errors);
  if (first) throw invalid(first, errors, 'validation_failed');
}
