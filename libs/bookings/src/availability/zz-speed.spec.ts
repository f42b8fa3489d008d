import { availability } from './engine';
import { buildContext } from './context';
import { base } from './fixtures';
import { WEEKDAYS } from '@tabour/contracts';
it('speed', () => {
  const week = WEEKDAYS.map((day) => ({ day, open: day !== 'sunday', ranges: [{ from: '08:00', to: '12:00' }, { from: '13:00', to: '19:00' }] }));
  const members = Array.from({ length: 50 }, (_, i) => ({ id: `m${i}`, working_days: i % 2 ? week : null }));
  const start = Date.parse('2026-03-03T00:00:00Z');
  const bookings = Array.from({ length: 10000 }, (_, i) => {
    const at = start + Math.floor(Math.random() * 30 * 96) * 15 * 60000;
    return { id: `b${i}`, department_id: i % 20 ? 'other' : 'dep', member_id: `m${i % 50}`, starts_at: new Date(at).toISOString(), ends_at: new Date(at + 30 * 60000).toISOString() };
  });
  const input = base({ working_days: week, members, bookings, from: '2026-03-03', to: '2026-04-01', department: { id: 'dep', slot_duration: 15, max_bookings_per_slot: 3, max_daily_bookings: null, must_select_member: false } });
  const m = (label: string, f: () => unknown) => { for (let i = 0; i < 5; i++) f(); const times: number[] = []; for (let i = 0; i < 20; i++) { const t = performance.now(); f(); times.push(performance.now() - t); } times.sort((a, b) => a - b); return `${label} p50 ${times[10].toFixed(2)} p95 ${times[18].toFixed(2)}`; };
  const { Session } = require('inspector'); void Session; console.log([m('context', () => buildContext(input, null)), m('all', () => availability(input)), m('no members', () => availability({ ...input, members: [] })), m('selected', () => availability({ ...input, selected_member_id: 'm1' }))].join('\n'));
});
