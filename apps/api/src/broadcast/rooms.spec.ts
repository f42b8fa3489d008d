import type { Principal } from '@tabour/platform';
import { roomFor } from './rooms';

const staff: Principal = { kind: 'user', tenantId: 't1', userId: 'u1', role: 'ADMIN', email: 'a@b.c', name: 'A', sessionId: 's' };
const display: Principal = { kind: 'display', tenantId: 't1', displayId: 'display-1', sessionId: 's' };
const kiosk: Principal = { kind: 'kiosk', tenantId: 't1', kioskId: 'kiosk-1', sessionId: 's' };

describe('broadcast rooms', () => {
  it('given staff, when they ask for a queue room, then it is scoped to their business', () => {
    expect(roomFor(staff, 'queue', 'q-123456')).toBe('business:t1:queue:q-123456');
  });
  it('given no token, when asking for a queue room, then it is refused', () => {
    expect(roomFor(undefined, 'queue', 'q-123456')).toBeNull();
  });
  it('given no token, when asking for a ticket uid room, then it is granted', () => {
    expect(roomFor(undefined, 'ticket', 'Zx81kq0PaaaB')).toBe('ticket:Zx81kq0PaaaB');
  });
  it('given a display token, when asking for a counter room, then it is refused', () => {
    expect(roomFor(display, 'counter', 'c-123456')).toBeNull();
  });
  it('given a device token, when asking for its own room, then it is granted, and another device’s is refused', () => {
    expect(roomFor(display, 'display', 'display-1')).toBe('business:t1:display:display-1');
    expect(roomFor(display, 'display', 'display-2')).toBeNull();
    expect(roomFor(kiosk, 'kiosk', 'kiosk-1')).toBe('business:t1:kiosk:kiosk-1');
    expect(roomFor(kiosk, 'kiosk', 'kiosk-2')).toBeNull();
    expect(roomFor(kiosk, 'queue', 'q-123456')).toBe('business:t1:queue:q-123456');
  });
  it('given an unknown kind or a malformed id, then it is refused', () => {
    expect(roomFor(staff, 'billing', 'x-123456')).toBeNull();
    expect(roomFor(staff, 'queue', '../../etc')).toBeNull();
  });
});
