import { isIP } from 'node:net';
import * as path from 'node:path';
import { z } from 'zod';

/**
 * What a variable's value may be: the schema that reads the text as set, and the words that end
 * the sentence refusing another value (`NAME holds "x", which is not <accepts>.`).
 */
export interface Kind<T> {
  schema: z.ZodType<T, string>;
  accepts: string;
}

const ON = ['on', 'true', 'yes', '1'];
const OFF = ['off', 'false', 'no', '0'];

/** on/off, with the spellings operators use for it. */
export const onOff: Kind<boolean> = {
  schema: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum([...ON, ...OFF]))
    .transform((v) => ON.includes(v)),
  accepts: 'on or off (or true/false, yes/no, 1/0)',
};

const digits = z.string().trim().regex(/^\d+$/).transform(Number);

export function whole(min: number, max: number, unit?: 'milliseconds' | 'days'): Kind<number> {
  return {
    schema: digits.pipe(z.number().min(min).max(max)),
    accepts: `a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`,
  };
}

export const ms = (min: number, max: number) => whole(min, max, 'milliseconds');
export const days = (min: number, max: number) => whole(min, max, 'days');

export function port(min: 0 | 1): Kind<number> {
  return { schema: digits.pipe(z.number().min(min).max(65_535)), accepts: `a port number from ${min} to 65535${min === 0 ? ' (0: any free port)' : ''}` };
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T): Kind<T[number]> {
  const last = values[values.length - 1];
  const words = values.length === 2 ? `${values[0]} or ${last}` : `one of ${values.join(', ')}`;
  return { schema: z.string().trim().toLowerCase().pipe(z.enum(values)), accepts: words };
}

export const text: Kind<string> = { schema: z.string(), accepts: 'a text' };

/** A text whose empty value says "none". */
export const textOrNone: Kind<string | null> = { schema: z.string().transform((v) => v.trim() || null), accepts: 'a text' };

/** A file or folder, relative to the working folder unless absolute. */
export const folder: Kind<string> = { schema: z.string().transform((p) => path.resolve(p)), accepts: 'a path' };

const isAddress = (v: string) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol);

/** An http(s) address; `https://queue.example.com` and `http://127.0.0.1:4010` alike. */
export const address: Kind<string> = {
  schema: z.string().trim().refine(isAddress),
  accepts: 'an address such as https://queue.example.com',
};

/** Addresses separated by commas, each reduced to its origin. */
export const origins: Kind<string[]> = {
  schema: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isAddress)).min(1))
    .transform((list) => list.map((o) => new URL(o).origin)),
  accepts: 'a list of addresses separated by commas, such as https://queue.example.com,https://admin.example.com',
};

/** Web Push's contact: a mailto: address or the site's own. */
export const contact: Kind<string> = {
  schema: z
    .string()
    .trim()
    .refine((v) => isAddress(v) || /^mailto:[^@\s]+@[^@\s]+$/.test(v)),
  accepts: 'a mailto: address or an address such as https://queue.example.com',
};

export const country: Kind<string> = {
  schema: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
  accepts: 'a two-letter country code such as FR',
};

function isNetwork(cidr: string): boolean {
  const [ip, bits, ...rest] = cidr.split('/');
  const family = isIP(ip);
  if (!family || rest.length || !/^\d+$/.test(bits ?? '')) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Networks in CIDR notation, separated by commas. */
export const networks: Kind<string[]> = {
  schema: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isNetwork))),
  accepts: 'a list of networks separated by commas, such as 10.0.0.0/8,::1/128',
};
