import { specification } from '@tabour/eventstore/testing';
import { paymentDecider, PaymentCommand, paymentStatus, toCents } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const K = '22222222-2222-4222-8222-222222222222';
const P1 = '33333333-3333-4333-8333-333333333331';
const P2 = '33333333-3333-4333-8333-333333333332';
const ids = { booking_id: K, business_id: B };
const booked = { type: 'BookingCreated' as const, data: ids };
const record = (
  payment_id: string,
  input: Record<string, unknown>,
  price_cents = 5000,
  accepted_methods: ('cash' | 'cheque' | 'online' | 'other')[] = ['cash', 'online'],
): PaymentCommand => ({
  type: 'RecordBookingPayment',
  ...ids,
  payment_id,
  input: { method: 'cash', ...input } as never,
  accepted_methods,
  price_cents,
});
const spec = specification(paymentDecider);
const paid = (payment_id: string, amount: number) => ({
  type: 'BookingPaymentRecorded' as const,
  data: { ...ids, payment_id, amount, method: 'cash' as const, status: 'partially_paid' as const, rest_to_pay: 0, paid_on: null, note: null },
});

describe('booking payments', () => {
  it('records a first part of the price as partially paid, with the rest to pay', () => {
    spec
      .given([booked])
      .when(record(P1, { amount: '20.50', paid_on: '2026-06-01', note: ' deposit ' }))
      .then([
        {
          type: 'BookingPaymentRecorded',
          data: { ...ids, payment_id: P1, amount: 20.5, method: 'cash', status: 'partially_paid', rest_to_pay: 29.5, paid_on: '2026-06-01', note: 'deposit' },
        },
      ]);
  });

  it('says paid once the rest is paid, and refuses more than the rest', () => {
    spec
      .given([booked, paid(P1, 20.5)])
      .when(record(P2, { amount: 29.5 }))
      .then(([e]) => expect(e.data).toMatchObject({ status: 'paid', rest_to_pay: 0 }));
    spec
      .given([booked, paid(P1, 20.5)])
      .when(record(P2, { amount: 29.51 }))
      .thenRefuses({ fields: ['amount'] });
  });

  it('refuses a zero, negative or three-decimal amount, an unknown or unaccepted method, a bad date', () => {
    for (const amount of [0, -5, '1.234', 'ten', null, 1e20])
      spec
        .given([booked])
        .when(record(P1, { amount }))
        .thenRefuses({ fields: ['amount'] });
    spec
      .given([booked])
      .when(record(P1, { amount: 1, method: 'bitcoin' }))
      .thenRefuses({ fields: ['method'] });
    const refusal = spec
      .given([booked])
      .when(record(P1, { amount: 1, method: 'cheque' }))
      .thenRefuses({ fields: ['method'] });
    expect(refusal.errors?.method).toEqual(['The business does not accept this payment method']);
    spec
      .given([booked])
      .when(record(P1, { amount: 1, paid_on: '01/06/2026' }))
      .thenRefuses({ fields: ['paid_on'] });
  });

  it("answers 404 for a missing, deleted or other business's booking, and deletes a payment", () => {
    spec
      .given([])
      .when(record(P1, { amount: 1 }))
      .thenRefuses({ status: 404 });
    spec
      .given([booked, { type: 'BookingDeleted', data: ids }])
      .when(record(P1, { amount: 1 }))
      .thenRefuses({ status: 404 });
    spec
      .given([booked])
      .when({ ...record(P1, { amount: 1 }), business_id: '66666666-6666-4666-8666-666666666666' } as PaymentCommand)
      .thenRefuses({ status: 404 });
    spec
      .given([booked, paid(P1, 1)])
      .when({ type: 'DeleteBookingPayment', ...ids, payment_id: P1 })
      .then([{ type: 'BookingPaymentDeleted', data: { ...ids, payment_id: P1 } }]);
    spec
      .given([booked])
      .when({ type: 'DeleteBookingPayment', ...ids, payment_id: P1 })
      .thenRefuses({ status: 404 });
    spec
      .given([booked, paid(P1, 1)])
      .when(record(P1, { amount: 1 }))
      .thenNothingHappens();
  });

  it.each([
    [5000, 0, 'unpaid', 5000],
    [5000, 1, 'partially_paid', 4999],
    [5000, 5000, 'paid', 0],
    [0, 1000, 'paid', 0],
  ])('price %i paid %i is %s with %i left', (price, paidCents, status, rest) => {
    expect(paymentStatus(price, paidCents)).toEqual({ status, rest_cents: rest });
  });

  it('reads amounts in cents without floating-point drift', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents(0.29)).toBe(29);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('1.')).toBeNull();
  });
});
