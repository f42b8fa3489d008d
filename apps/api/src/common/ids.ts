import { Injectable, PipeTransform } from '@nestjs/common';
import { notFound } from '@tabour/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(v: unknown): v is string {
  return typeof v === 'string' && UUID.test(v);
}

/** A path id that is not a uuid names nothing: 404, the same answer as another business's id. */
@Injectable()
export class IdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw notFound();
    return value.toLowerCase();
  }
}
