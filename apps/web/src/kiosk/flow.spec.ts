import { flowReducer, initialFlow, type FlowAction, type FlowState } from './flow';
import type { KioskQueue, KioskTicket } from './model';

const play = (actions: FlowAction[], from: FlowState = initialFlow) => actions.reduce(flowReducer, from);
const queue: KioskQueue = { id: 'q1', name: 'Consultations', paused: false, waiting: 2, services: [{ id: 's1', name: 'X-ray' }] };
const ticket = { uid: 'u1', label: 'A001' } as KioskTicket;

describe('kiosk check-in flow', () => {
  it('starts at the language step with nothing typed', () => {
    expect(initialFlow).toMatchObject({ step: 'language', customer: null, phone: '', field: 'phone', services: [], ticket: null, error: null, page: 0 });
  });

  it('clears the error and goes back to the first page on every new step', () => {
    const s = play([
      { type: 'go', step: 'queue' },
      { type: 'page', by: 1 },
      { type: 'page', by: 1 },
      { type: 'error', message: 'Try again' },
    ]);
    expect(s).toMatchObject({ page: 2, error: 'Try again' });
    expect(play([{ type: 'go', step: 'identify' }], s)).toMatchObject({ step: 'identify', page: 0, error: null });
  });

  it('takes a found customer, or a guest, on to the queues', () => {
    const found = play([
      { type: 'go', step: 'identify' },
      { type: 'identified', customer: { id: 'c1', first_name: 'Anna' } },
    ]);
    expect(found).toMatchObject({ step: 'queue', customer: { id: 'c1', first_name: 'Anna' } });
    expect(play([{ type: 'identified', customer: null }], found)).toMatchObject({ step: 'queue', customer: null });
  });

  it('sends an unknown phone to the registration form, typing the first name', () => {
    expect(play([{ type: 'phone', value: '0612' }, { type: 'unknown' }])).toMatchObject({ step: 'register', field: 'first_name', phone: '0612' });
  });

  it('types on the virtual keyboard into the focused field, within its length', () => {
    let s = play([{ type: 'key', key: '0' }, { type: 'key', key: '6' }, { type: 'backspace' }]);
    expect(s.phone).toBe('0');
    s = play([
      { type: 'phone', value: '1'.repeat(30) },
      { type: 'key', key: '2' },
    ]);
    expect(s.phone).toBe('1'.repeat(30));
    s = play([
      { type: 'field', field: 'internal_id' },
      { type: 'detail', field: 'internal_id', value: '9'.repeat(50) },
      { type: 'key', key: '1' },
    ]);
    expect(s.details.internal_id).toBe('9'.repeat(50));
    s = play([
      { type: 'field', field: 'last_name' },
      { type: 'key', key: 'N' },
      { type: 'key', key: 'o' },
    ]);
    expect(s.details).toEqual({ first_name: '', last_name: 'No', internal_id: '' });
  });

  it('erases the last character without cutting a longer typed text', () => {
    const s = play([{ type: 'field', field: 'first_name' }, { type: 'detail', field: 'first_name', value: 'a'.repeat(120) }, { type: 'backspace' }]);
    expect(s.details.first_name).toBe('a'.repeat(119));
  });

  it('forgets the services chosen for another queue', () => {
    const s = play([
      { type: 'queue', queue },
      { type: 'toggle', id: 's1' },
      { type: 'toggle', id: 's2' },
    ]);
    expect(s.services).toEqual(['s1', 's2']);
    expect(play([{ type: 'toggle', id: 's1' }], s).services).toEqual(['s2']);
    expect(play([{ type: 'queue', queue: { ...queue, id: 'q2' } }], s)).toMatchObject({ queue: { id: 'q2' }, services: [] });
  });

  it('keeps the services when the customer goes on to choose a team member', () => {
    expect(
      play([
        { type: 'queue', queue },
        { type: 'member', services: ['s1'] },
      ]),
    ).toMatchObject({ step: 'member', services: ['s1'], queue });
  });

  it('shows the ticket taken, and starts over for the next customer', () => {
    const s = play([
      { type: 'identified', customer: { id: 'c1', first_name: null } },
      { type: 'queue', queue },
      { type: 'ticket', ticket },
    ]);
    expect(s).toMatchObject({ step: 'ticket', ticket });
    expect(play([{ type: 'reset' }], s)).toEqual(initialFlow);
  });
});
