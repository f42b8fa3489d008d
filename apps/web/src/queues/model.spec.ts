import { archiveBody, cleanTranslations, dayIn, FINAL_ACTIONS, localDay, moveItem, queueBody, servedByCounter, ticketActions, waitMinutes } from './model';

describe('the queue form body', () => {
  const values = {
    id: 'q1',
    summary: { waiting: 2 },
    counters: [{ name: ' Desk 1 ', break_minutes: '5' }, { name: '  ' }, { name: 'Desk 2' }],
    name: 'Accueil',
    priority: '3',
    ticket_prefix: ' A ',
    number_start: '',
    number_type: 'random',
    on_hold_enabled: false,
    service_ids: ['s1'],
    department_ids: undefined,
    member_ids: null,
    working_days: '',
    translations: { fr: { name: ' Accueil ', description: '' }, ar: { name: '' }, de: { name: 'Empfang', description: 'Erdgeschoss' } },
  };

  it('keeps only the queue fields, typed as the API takes them, and names the counters on create', () => {
    expect(queueBody(values, true)).toEqual({
      name: 'Accueil',
      priority: 3,
      ticket_prefix: 'A',
      number_type: 'random',
      on_hold_enabled: false,
      service_ids: ['s1'],
      member_ids: [],
      working_days: null,
      translations: { fr: { name: 'Accueil', description: null }, de: { name: 'Empfang', description: 'Erdgeschoss' } },
      counters: [
        { name: 'Desk 1', break_minutes: 5 },
        { name: 'Desk 2', break_minutes: 0 },
      ],
    });
  });

  it('sends no counters on update: they are changed one by one', () => {
    expect(queueBody(values, false)).not.toHaveProperty('counters');
    expect(queueBody({ working_days: [{ day: 'monday', open: true, ranges: [] }] }, false)).toEqual({
      working_days: [{ day: 'monday', open: true, ranges: [] }],
    });
  });

  it('drops translations without a name', () => {
    expect(cleanTranslations(null)).toEqual({});
    expect(cleanTranslations({ es: { name: 'Recepción', description: ' Planta baja ' }, pt: {} })).toEqual({
      es: { name: 'Recepción', description: 'Planta baja' },
    });
  });
});

describe('the waiting list rules', () => {
  it('words a wait in whole minutes, rounded up', () => {
    expect(waitMinutes(0)).toBe(0);
    expect(waitMinutes(61)).toBe(2);
    expect(waitMinutes(null)).toBeNull();
    expect(waitMinutes(-5)).toBeNull();
  });

  it('moves one item as a drag shows it', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('offers each state its actions, and asks before those that cannot be undone', () => {
    expect(ticketActions({ status: 'waiting' }, { onHoldEnabled: true, othersWaiting: true })).toEqual([
      'urgent',
      'note',
      'member',
      'hold',
      'push_back',
      'swap',
      'redirect',
      'no_show',
      'absent',
      'revoke',
    ]);
    expect(ticketActions({ status: 'waiting' }, { onHoldEnabled: false, othersWaiting: false })).not.toContain('hold');
    expect(ticketActions({ status: 'waiting' }, { onHoldEnabled: false, othersWaiting: false })).not.toContain('swap');
    expect(ticketActions({ status: 'in_service' }, { onHoldEnabled: true, othersWaiting: false })).toEqual([
      'end',
      'note',
      'duration',
      'hold',
      'push_back',
      'redirect',
      'no_show',
      'absent',
      'revoke',
    ]);
    expect(ticketActions({ status: 'on_hold' }, { onHoldEnabled: true, othersWaiting: true })[0]).toBe('recall');
    expect(ticketActions({ status: 'ended' }, { onHoldEnabled: true, othersWaiting: true })).toEqual([]);
    expect([...FINAL_ACTIONS].sort()).toEqual(['absent', 'end', 'no_show', 'redirect', 'revoke']);
  });
});

describe('the archive and counter figures', () => {
  it('sends the filters as strings and leaves the empty ones out', () => {
    expect(archiveBody(2, 25, { status: '', from: '2026-03-01', to: '', q: '  A1 ' })).toEqual({ page: '2', per_page: '25', from: '2026-03-01', q: 'A1' });
    expect(archiveBody(1, 10, {})).toEqual({ page: '1', per_page: '10' });
  });

  it('counts the tickets each counter ended', () => {
    const served = servedByCounter([
      { status: 'ended', counter_id: 'c1' },
      { status: 'ended', counter_id: 'c1' },
      { status: 'ended', counter_id: 'c2' },
      { status: 'no_show', counter_id: 'c2' },
      { status: 'ended', counter_id: null },
    ]);
    expect(served).toEqual({ c1: 2, c2: 1 });
  });

  it('names a day on the local calendar, or in the business time zone', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    const lateUtc = new Date(Date.UTC(2026, 0, 5, 23, 30));
    expect(dayIn('Africa/Tunis', lateUtc)).toBe('2026-01-06');
    expect(dayIn('America/New_York', lateUtc)).toBe('2026-01-05');
    expect(dayIn('Not/AZone', new Date(2026, 0, 5, 12))).toBe('2026-01-05');
  });
});
