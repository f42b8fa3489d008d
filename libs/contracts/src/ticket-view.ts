/**
 * A ticket's view: every field the API answers for a ticket, with the column of
 * `queue_tickets` it is read from and, for a waiting ticket, the key it has in the JSON the
 * waiting list is made of (`waiting_doc`, kept by a trigger). The API's reads select these
 * columns, the trigger's field list is generated from it (a migration freezes the list it was
 * written with; test/queues.int.ts fails when the live trigger and this list disagree), and the
 * `TicketView` type is derived from it, so a new field is added here and in a migration.
 */
import type { TicketNote } from './queues';

/** How a column's value travels: the JSON type, and for instants the format of their text. */
export type TicketFieldKind = 'text' | 'int' | 'bool' | 'day' | 'instant' | 'ids' | 'notes';

export interface TicketField {
  /** The key in the API's answer (also the column's name in `queue_tickets`). */
  readonly key: string;
  readonly kind: TicketFieldKind;
  readonly nullable: boolean;
  /**
   * The key this column has in a waiting ticket's stored JSON, or null when the waiting list
   * does not show it. The stored estimate is the one given at check-in: the live estimate
   * takes `estimated_wait_seconds` at read.
   */
  readonly waiting: string | null;
}

const field = <K extends string, T extends TicketFieldKind, N extends boolean>(key: K, kind: T, nullable: N, waiting: string | null = key) =>
  ({ key, kind, nullable, waiting }) as const;

export const TICKET_VIEW = [
  field('id', 'text', false),
  field('queue_id', 'text', false),
  field('uid', 'text', false),
  field('number', 'int', false),
  field('label', 'text', false),
  field('day', 'day', false),
  field('status', 'text', false),
  field('urgent', 'bool', false),
  field('late', 'bool', false),
  field('service_ids', 'ids', false),
  field('member_id', 'text', true),
  field('customer_id', 'text', true),
  // A registered customer's name lives in the customer's erasable record: the waiting list
  // reads it at read time, so the stored JSON carries only a name typed at the desk.
  field('customer_name', 'text', true),
  field('counter_id', 'text', true, null),
  field('checked_in_at', 'instant', false),
  field('called_at', 'instant', true, null),
  field('archived_at', 'instant', true, null),
  field('service_seconds', 'int', true, null),
  field('estimated_wait_seconds', 'int', true, 'checked_in_estimate_seconds'),
  field('notes', 'notes', false),
  field('feedback_stars', 'int', true, null),
  field('feedback_text', 'text', true, null),
  // The booking a check-in made the ticket of; the waiting list does not show it, so the trigger's list is unchanged.
  field('booking_id', 'text', true, null),
] as const satisfies readonly TicketField[];

type KindType = { text: string; int: number; bool: boolean; day: string; instant: string; ids: string[]; notes: TicketNote[] };
type FieldType<F> = F extends { kind: infer K extends TicketFieldKind; nullable: infer N } ? KindType[K] | (N extends true ? null : never) : never;

/** A ticket as the API reads it from its row (a live read adds its rank and estimate). */
export type TicketView = { [F in (typeof TICKET_VIEW)[number] as F['key']]: FieldType<F> };
export type TicketViewKey = keyof TicketView;

/** The columns a ticket's read selects, in the definition's order. */
export const TICKET_COLUMNS: readonly TicketViewKey[] = TICKET_VIEW.map((f) => f.key);

/** The fields of a waiting ticket's stored JSON, as `[key in the JSON, column]`, customer name apart. */
export const WAITING_DOC_FIELDS: readonly (readonly [string, TicketViewKey])[] = TICKET_VIEW.filter((f) => f.waiting !== null && f.key !== 'customer_name').map(
  (f) => [f.waiting!, f.key] as const,
);
