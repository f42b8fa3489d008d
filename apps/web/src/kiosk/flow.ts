/** The check-in flow's state and its moves, apart from React so every move is tested on its own. */
import { toggleService, type KioskQueue, type KioskTicket } from './model';

export type Step = 'language' | 'identify' | 'register' | 'queue' | 'services' | 'member' | 'ticket';
export type Customer = { id: string; first_name: string | null };
export type Field = 'phone' | 'first_name' | 'last_name' | 'internal_id';
export type Details = Record<Exclude<Field, 'phone'>, string>;

export interface FlowState {
  step: Step;
  /** Who checks in: found by phone or just registered; null for a guest. */
  customer: Customer | null;
  phone: string;
  details: Details;
  /** The field the virtual keyboard types into. */
  field: Field;
  queue: KioskQueue | null;
  services: string[];
  ticket: KioskTicket | null;
  error: string | null;
  /** The page of the step's choice list. */
  page: number;
}

export type FlowAction =
  | { type: 'reset' }
  | { type: 'go'; step: Step }
  | { type: 'error'; message: string | null }
  | { type: 'phone'; value: string }
  | { type: 'detail'; field: Exclude<Field, 'phone'>; value: string }
  | { type: 'field'; field: Field }
  | { type: 'key'; key: string }
  | { type: 'backspace' }
  | { type: 'page'; by: 1 | -1 }
  /** The customer is known (found, registered) or goes on as a guest (null): on to the queues. */
  | { type: 'identified'; customer: Customer | null }
  /** No customer has this phone: on to the registration form, typing the first name. */
  | { type: 'unknown' }
  | { type: 'queue'; queue: KioskQueue }
  | { type: 'toggle'; id: string }
  /** The services are chosen and the queue lets the customer ask for a team member. */
  | { type: 'member'; services: string[] }
  | { type: 'ticket'; ticket: KioskTicket };

export const initialFlow: FlowState = {
  step: 'language',
  customer: null,
  phone: '',
  details: { first_name: '', last_name: '', internal_id: '' },
  field: 'phone',
  queue: null,
  services: [],
  ticket: null,
  error: null,
  page: 0,
};

/** What a field accepts from the virtual keyboard: a phone is 30 characters, an internal id 50, a name 100. */
const MAX_LENGTH: Record<Field, number> = { phone: 30, first_name: 100, last_name: 100, internal_id: 50 };

/** A new step starts on its first page, without the last step's error. */
const go = (s: FlowState, step: Step): FlowState => ({ ...s, step, error: null, page: 0 });

/** The text of the keyboard's field changed by `change`. */
function edit(s: FlowState, change: (text: string, max: number) => string): FlowState {
  if (s.field === 'phone') return { ...s, phone: change(s.phone, MAX_LENGTH.phone) };
  const field = s.field;
  return { ...s, details: { ...s.details, [field]: change(s.details[field], MAX_LENGTH[field]) } };
}

export function flowReducer(s: FlowState, a: FlowAction): FlowState {
  switch (a.type) {
    case 'reset':
      return initialFlow;
    case 'go':
      return go(s, a.step);
    case 'error':
      return { ...s, error: a.message };
    case 'phone':
      return { ...s, phone: a.value };
    case 'detail':
      return { ...s, details: { ...s.details, [a.field]: a.value } };
    case 'field':
      return { ...s, field: a.field };
    case 'key':
      return edit(s, (t, max) => (t + a.key).slice(0, max));
    case 'backspace':
      return edit(s, (t) => t.slice(0, -1));
    case 'page':
      return { ...s, page: s.page + a.by };
    case 'identified':
      return go({ ...s, customer: a.customer }, 'queue');
    case 'unknown':
      return go({ ...s, field: 'first_name' }, 'register');
    case 'queue':
      return { ...s, queue: a.queue, services: [] };
    case 'toggle':
      return { ...s, services: toggleService(s.services, a.id, true) };
    case 'member':
      return go({ ...s, services: a.services }, 'member');
    case 'ticket':
      return go({ ...s, ticket: a.ticket }, 'ticket');
  }
}
