import { getMetadataStorage } from 'class-validator';
import { DomainError } from '@tabour/platform';

/** Where @nestjs/swagger keeps a property's ApiProperty options, `nullable` among them. */
const SWAGGER_PROPERTY = 'swagger/apiModelProperties';
const CONDITIONAL = 'conditionalValidation';

/** With the u flag a surrogate pair is one code point, so this matches lone surrogates only. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const wellFormed = (s: string): boolean => !LONE_SURROGATE.test(s);

const refuse = (fields: Record<string, string[]>): DomainError => new DomainError(422, Object.values(fields)[0][0], 'validation_failed', fields);

/**
 * Strings must be well-formed Unicode: a lone surrogate (`"\ud800"` in JSON) cannot be stored
 * as UTF-8 and would fail deep inside a handler. Walks the already size-limited value without
 * recursion.
 */
export function checkWellFormed(value: unknown, root: string): void {
  const stack: [unknown, string][] = [[value, root]];
  const fields: Record<string, string[]> = {};
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (!wellFormed(v)) fields[at || 'body'] = [`${at || 'The text'} holds characters that are not valid text`];
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (!wellFormed(k)) fields[at || 'body'] = ['A field name holds characters that are not valid text'];
        stack.push([child, at ? `${at}.${k}` : k]);
      }
    }
  }
  if (Object.keys(fields).length) throw refuse(fields);
}

interface NullRules {
  optional: Set<string>;
  nullable: Set<string>;
}
const rulesCache = new WeakMap<object, NullRules>();

/** Properties of a DTO that take `null`: declared `nullable` for the API document, or validated conditionally on their own terms (`@ValidateIf`). */
function nullRules(metatype: new () => unknown): NullRules {
  const cached = rulesCache.get(metatype);
  if (cached) return cached;
  const optional = new Set<string>();
  const nullable = new Set<string>();
  for (const m of getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false)) {
    if (m.type !== CONDITIONAL) continue;
    if (m.name === 'isOptional') optional.add(m.propertyName);
    else nullable.add(m.propertyName);
  }
  for (const p of optional) {
    const doc = Reflect.getMetadata(SWAGGER_PROPERTY, metatype.prototype, p) as { nullable?: boolean } | undefined;
    if (doc?.nullable) nullable.add(p);
  }
  const rules = { optional, nullable };
  rulesCache.set(metatype, rules);
  return rules;
}

/**
 * Optional means the field may be left out, not sent as `null`, unless the DTO says the field
 * takes null (to clear it): otherwise a null reaches code that expects text.
 */
export function checkNulls(value: unknown, metatype: new () => unknown): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  const { optional, nullable } = nullRules(metatype);
  const fields: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null && optional.has(k) && !nullable.has(k)) fields[k] = [`${k} may be left out but not be null`];
  }
  if (Object.keys(fields).length) throw refuse(fields);
}

const ALIASES = Symbol('aliases');

/**
 * Another name a body may use for this field (the name other clients and the specification
 * use): renamed before validation, so it is neither refused as unknown nor dropped.
 */
export function Alias(...names: string[]): PropertyDecorator {
  return (target, property) => {
    const own: Record<string, string> = { ...(Reflect.getMetadata(ALIASES, target.constructor) ?? {}) };
    for (const name of names) own[name] = String(property);
    Reflect.defineMetadata(ALIASES, own, target.constructor);
  };
}

/** The body with every alias renamed to its field; a field sent under both names is refused. */
export function renameAliases(value: unknown, metatype: new () => unknown): unknown {
  const aliases = Reflect.getMetadata(ALIASES, metatype) as Record<string, string> | undefined;
  if (!aliases || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [alias, field] of Object.entries(aliases)) {
    if (!(alias in out)) continue;
    if (field in out && out[field] !== out[alias]) throw refuse({ [alias]: [`${alias} is another name for ${field}: send one of them`] });
    out[field] = out[alias];
    delete out[alias];
  }
  return out;
}

const READ_FIELDS = Symbol('readFields');

/**
 * Fields the record carries when read (its id, timestamps, what other calls change) that an edit
 * form may send back whole: taken and ignored, where any other unknown field is refused.
 */
export function ReadFields(...names: string[]): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(READ_FIELDS, new Set([...((Reflect.getMetadata(READ_FIELDS, target) as Set<string> | undefined) ?? []), ...names]), target);
  };
}

/** The body without the read-only fields its DTO lists. */
export function dropReadFields(value: unknown, metatype: new () => unknown): unknown {
  const names = Reflect.getMetadata(READ_FIELDS, metatype) as Set<string> | undefined;
  if (!names || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !names.has(k)));
}
