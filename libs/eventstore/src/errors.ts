import type { ExpectedRevision } from './types';

export class WrongExpectedVersion extends Error {
  readonly name = 'WrongExpectedVersion';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | null,
  ) {
    super(`Wrong expected version on ${streamId}: expected ${String(expected)}, actual ${actual === null ? 'no stream' : actual}`);
  }
}

/** A retried event id arrived with a different stream or batch than the first append. */
export class IdempotencyConflict extends Error {
  readonly name = 'IdempotencyConflict';
}
