import { notFound, throwIfAny as refuse } from '@tabour/platform';
import { addError, PAYMENT_METHODS, type FieldErrors, type PaymentMethod, type PaymentStatus } from '@tabour/contracts';
import type { PaymentCommand } from './commands';
import type { PaymentEvent } from './events';
import type { PaymentState } from './state';

export const PAYMENT_LIMITS = { note: 500, maxCents: 99_999_999_99 } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** Cents of an amount given as a number or a text with at most two decimals; null when it is not one. */
export function toCents(amount: unknown): number | null {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  if (!AMOUNT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Unpaid, partially paid or paid, from the booking's price and what was paid (cents). */
export function paymentStatus(priceCents: number, paidCents: number): { status: PaymentStatus; rest_cents: number } {
  const rest = Math.max(0, priceCents - paidCents);
  if (paidCents <= 0 && priceCents > 0) return { status: 'unpaid', rest_cents: rest };
  return { status: rest === 0 ? 'paid' : 'partially_paid', rest_cents: rest };
}

export function decide(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  if (state.booking !== 'active' || state.business_id !== command.business_id) throw notFound('Booking not found');
  const ids = { booking_id: command.booking_id, business_id: command.business_id };
  if (command.type === 'DeleteBookingPayment') {
    if (!state.payments.has(command.payment_id)) throw notFound('Payment not found');
    return [{ type: 'BookingPaymentDeleted', data: { ...ids, payment_id: command.payment_id } }];
  }
  if (state.payments.has(command.payment_id)) return [];
  const errors: FieldErrors = {};
  const { input } = command;
  const cents = toCents(input.amount);
  if (cents === null || cents <= 0 || cents > PAYMENT_LIMITS.maxCents) addError(errors, 'amount', 'Enter an amount greater than 0 with at most two decimals');
  const method = input.method as PaymentMethod;
  if (!PAYMENT_METHODS.includes(method)) addError(errors, 'method', `Select a valid method (${PAYMENT_METHODS.join(', ')})`);
  else if (!command.accepted_methods.includes(method)) addError(errors, 'method', 'The business does not accept this payment method');
  const paidOn = input.paid_on == null || input.paid_on === '' ? null : input.paid_on;
  if (paidOn !== null && (typeof paidOn !== 'string' || !DATE.test(paidOn) || Number.isNaN(Date.parse(paidOn))))
    addError(errors, 'paid_on', 'Enter a valid date (YYYY-MM-DD)');
  const note = input.note == null ? null : String(input.note).trim() || null;
  if (note && note.length > PAYMENT_LIMITS.note) addError(errors, 'note', `The note may have at most ${PAYMENT_LIMITS.note} characters`);
  const paid = [...state.payments.values()].reduce((a, b) => a + b, 0);
  if (cents !== null && command.price_cents > 0 && cents > Math.max(0, command.price_cents - paid)) {
    addError(errors, 'amount', `The amount is more than the rest to pay (${(Math.max(0, command.price_cents - paid) / 100).toFixed(2)})`);
  }
  refuse(errors);
  const { status, rest_cents } = paymentStatus(command.price_cents, paid + cents!);
  return [
    {
      type: 'BookingPaymentRecorded',
      data: {
        ...ids,
        payment_id: command.payment_id,
        amount: cents! / 100,
        method,
        status,
        rest_to_pay: rest_cents / 100,
        paid_on: paidOn as string | null,
        note,
      },
    },
  ];
}
