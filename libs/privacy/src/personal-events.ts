import { open, seal } from './crypto';

/** An event's data as read here: a JSON object. */
export type Data = Record<string, unknown>;
export type AnyEvent = { type: string; data: unknown };

/**
 * Where one event type keeps its personal fields, and whose key seals them. Sealed, the fields
 * that hold a value leave their place for `pii` on the event's data: `seal({ field: value… },
 * key, subject)`. That stored form is read back by every version: never change it.
 */
export interface PersonalEventSpec {
  /** The subject whose key seals the event (a ticket, a booking, a request); also the sealed value's associated data. */
  subject(data: Data): string;
  /** The property of the event's data holding the personal fields (`ticket`, `changes`…); none: the data itself. */
  within?: string;
  fields: readonly string[];
  /** What the fields read as once the key is gone; a field absent here is left out. */
  erased: Record<string, unknown>;
  /**
   * Whether a field given as null is personal too (sealed, so the log does not tell that a
   * booking's phone was cleared); otherwise only the fields that hold a value are sealed.
   */
  sealsNull?: boolean;
}

/** The personal part of some event types: how they are sealed and opened. */
export interface PersonalEvents {
  readonly specs: Readonly<Record<string, PersonalEventSpec>>;
  /** The event types that may carry personal text. */
  readonly eventTypes: string[];
  /** The subject whose key an event needs: to seal it (decider form) or to open it (stored form); null when it carries nothing personal. */
  subject(event: AnyEvent): string | null;
  /**
   * The stored form: the personal fields leave their place for `pii`, sealed with the subject's
   * key. A null key (destroyed by an erasure) drops them instead, so a copy still held in
   * memory never comes back into the log.
   */
  seal<E extends AnyEvent>(event: E, key: Buffer | null): E;
  /** The decider's form of a stored event, and whether its personal part was erased. */
  open<E extends AnyEvent>(stored: AnyEvent, key: Buffer | null): { event: E; erased: boolean };
}

/** Whether an event is in its sealed form. */
export const isSealed = (event: { data: unknown }): boolean => 'pii' in ((event.data as object | null) ?? {});

const containerOf = (spec: PersonalEventSpec, data: Data | null | undefined): Data | undefined =>
  (spec.within ? data?.[spec.within] : data) as Data | undefined;

const withContainer = (spec: PersonalEventSpec, data: Data, container: Data): Data => (spec.within ? { ...data, [spec.within]: container } : container);

const holds = (spec: PersonalEventSpec, value: unknown): boolean => (spec.sealsNull ? value !== undefined : value != null);

/** The sealing of the event types given (several maps merge: their event types never overlap). */
export function personalEvents(...maps: Readonly<Record<string, PersonalEventSpec>>[]): PersonalEvents {
  const specs: Record<string, PersonalEventSpec> = Object.assign({}, ...maps);
  return {
    specs,
    eventTypes: Object.keys(specs),
    subject(event) {
      const spec = specs[event.type];
      if (!spec) return null;
      const data = (event.data ?? {}) as Data;
      if ('pii' in data) return spec.subject(data);
      const c = containerOf(spec, data);
      return c && spec.fields.some((f) => holds(spec, c[f])) ? spec.subject(data) : null;
    },
    seal<E extends AnyEvent>(event: E, key: Buffer | null): E {
      const spec = specs[event.type];
      const eventData = event.data as Data;
      const c = spec && containerOf(spec, eventData);
      if (!spec || !c) return event;
      const personal: Data = {};
      const rest: Data = { ...c };
      for (const f of spec.fields) {
        if (!holds(spec, c[f])) continue;
        personal[f] = c[f];
        delete rest[f];
      }
      if (!Object.keys(personal).length) return event;
      if (!key) return { ...event, data: withContainer(spec, eventData, { ...rest, ...spec.erased }) };
      return { ...event, data: { ...withContainer(spec, eventData, rest), pii: seal(personal, key, spec.subject(eventData)) } };
    },
    open<E extends AnyEvent>(stored: AnyEvent, key: Buffer | null): { event: E; erased: boolean } {
      const spec = specs[stored.type];
      if (!spec || !isSealed(stored)) return { event: stored as E, erased: false };
      const { pii, ...data } = stored.data as Data;
      const personal = typeof pii === 'string' ? open<Data>(pii, key, spec.subject(data)) : null;
      const c = containerOf(spec, data) ?? {};
      return { event: { type: stored.type, data: withContainer(spec, data, { ...c, ...(personal ?? spec.erased) }) } as E, erased: personal === null };
    },
  };
}

/** One sealing for the event types of several. */
export const anyOf = (...sealings: PersonalEvents[]): PersonalEvents => personalEvents(...sealings.map((s) => s.specs));
