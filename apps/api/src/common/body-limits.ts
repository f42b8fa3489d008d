import type { IncomingMessage } from 'node:http';

/** A JSON body larger than this is refused before it is read to the end (upload routes take multipart, not JSON). */
export const MAX_JSON_BYTES = 512 * 1024;
/** Deeper than any body the API takes (translations are three levels); far below what exhausts the stack. */
export const MAX_DEPTH = 32;
/** Object keys in one body, all levels together. */
export const MAX_KEYS = 2000;
/** Array items in one body, all levels together. */
export const MAX_ITEMS = 20000;

/** multer's limits for a form without files (multipart): as few fields as a form has, each short. */
export const FORM_LIMITS = { fields: 50, fieldSize: 64 * 1024, parts: 50, files: 0 } as const;

export class BodyLimitError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(status: number, type: string, message: string) {
    super(message);
    this.status = status;
    this.type = type;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * Measures nesting depth, keys and array items of raw JSON in one pass over its bytes, without
 * parsing it, so a hostile body is refused before JSON.parse, class-transformer or validation
 * walk it recursively. Malformed JSON is left for the parser to refuse.
 */
export function checkJsonShape(raw: Buffer): void {
  let depth = 0;
  let keys = 0;
  let items = 0;
  let inString = false;
  // One flag per open container below MAX_DEPTH: true for an array; holds no more than MAX_DEPTH entries.
  const arrays: boolean[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    switch (c) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (++depth > MAX_DEPTH) throw new BodyLimitError(400, 'entity.too.deep', `The request body is nested more than ${MAX_DEPTH} levels deep`);
        arrays.push(c === OPEN_ARRAY);
        if (c === OPEN_ARRAY && i + 1 < raw.length) items++;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        depth--;
        arrays.pop();
        break;
      case COLON:
        if (++keys > MAX_KEYS) throw new BodyLimitError(413, 'entity.too.many.keys', `The request body has more than ${MAX_KEYS} fields`);
        break;
      case COMMA:
        if (arrays[arrays.length - 1] && ++items > MAX_ITEMS)
          throw new BodyLimitError(413, 'entity.too.many.items', `The request body has more than ${MAX_ITEMS} list items`);
        break;
    }
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The parsers decode bytes that are not UTF-8 as U+FFFD, so a name would be stored with
 * replacement characters instead of what was typed: such a body is refused before parsing.
 */
export function checkUtf8(raw: Buffer, encoding: string): void {
  if (encoding.toLowerCase().replace('-', '') !== 'utf8') return;
  try {
    UTF8.decode(raw);
  } catch {
    throw new BodyLimitError(400, 'entity.encoding.invalid', 'The request body is not valid UTF-8');
  }
}

/**
 * body-parser's `verify` hook for JSON: runs on the raw bytes, before the body is parsed;
 * `encoding` is the body's charset as the parser read it (UTF-8 unless the Content-Type names another).
 */
export function verifyJsonShape(_req: IncomingMessage, _res: unknown, raw: Buffer, encoding = 'utf-8'): void {
  checkUtf8(raw, encoding);
  checkJsonShape(raw);
}

/** body-parser's `verify` hook for URL-encoded forms. */
export function verifyFormBytes(_req: IncomingMessage, _res: unknown, raw: Buffer, encoding = 'utf-8'): void {
  checkUtf8(raw, encoding);
}
