import { endingOf, endingsOf } from './endings';

const B = '11111111-1111-4111-8111-111111111111';
const X = '22222222-2222-4222-8222-222222222222';
const e = (type: string, data: Record<string, unknown>) => ({ type, data: { business_id: B, ...data }, tenantId: B });

describe('what an event ends', () => {
  it('names the business, user, device, sessions or key each ending takes away', () => {
    expect(endingOf(e('BusinessAccountDeleted', {}))).toEqual({ scope: 'business', tenantId: B });
    expect(endingOf(e('UserRemoved', { user_id: X }))).toEqual({ scope: 'user', tenantId: B, userId: X, recheck: false });
    // A password change keeps the session that made it: the holder asks the table.
    expect(endingOf(e('UserPasswordChanged', { user_id: X, credential_id: 'c', reason: 'changed' }))).toEqual({
      scope: 'user',
      tenantId: B,
      userId: X,
      recheck: true,
    });
    expect(endingOf(e('SessionsEnded', { kind: 'user', subject_id: X, session_ids: ['s1'], reason: 'logout' }))).toEqual({
      scope: 'sessions',
      tenantId: B,
      sessionIds: ['s1'],
    });
    expect(endingOf(e('SessionsEnded', { kind: 'kiosk', subject_id: X, session_ids: null, reason: 'remote_logout' }))).toEqual({
      scope: 'device',
      tenantId: B,
      deviceId: X,
    });
    for (const type of ['KioskSecretReset', 'KioskDeleted']) expect(endingOf(e(type, { kiosk_id: X }))).toEqual({ scope: 'device', tenantId: B, deviceId: X });
    for (const type of ['DisplaySecretReset', 'DisplayDeleted'])
      expect(endingOf(e(type, { display_id: X }))).toEqual({ scope: 'device', tenantId: B, deviceId: X });
    expect(endingOf(e('ApiKeyRevoked', { key_id: X }))).toEqual({ scope: 'key', tenantId: B, keyId: X });
  });

  it('ends a device made inactive, not one renamed or made active', () => {
    expect(endingOf(e('KioskUpdated', { kiosk_id: X, changes: { status: 'inactive' } }))).toEqual({ scope: 'device', tenantId: B, deviceId: X });
    expect(endingOf(e('DisplayUpdated', { display_id: X, changes: { name: 'Hall' } }))).toBeNull();
    expect(endingOf(e('DisplayUpdated', { display_id: X, changes: { status: 'active' } }))).toBeNull();
  });

  it('ends nothing for other events, or for one that names nobody', () => {
    expect(endingOf(e('TicketPushed', { ticket_id: X }))).toBeNull();
    expect(endingOf(e('UserRemoved', {}))).toBeNull();
    expect(endingOf({ type: 'BusinessAccountDeleted', data: {}, tenantId: null })).toBeNull();
    expect(endingsOf([e('TicketPushed', {}), e('ApiKeyRevoked', { key_id: X }), e('UserRemoved', { user_id: X })]).map((x) => x.scope)).toEqual([
      'key',
      'user',
    ]);
  });
});
