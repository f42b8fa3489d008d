import { specification } from '@tabour/eventstore/testing';
import { sessionEndDecider, SessionsEnded } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const U = '33333333-3333-4333-8333-333333333333';
const S = '44444444-4444-4444-8444-444444444444';

const spec = specification(sessionEndDecider);
const ended: SessionsEnded = { type: 'SessionsEnded', data: { business_id: B, kind: 'user', subject_id: U, session_ids: [S], reason: 'logout' } };

describe('session end decider', () => {
  it('records the sessions that end, each once', () => {
    spec
      .given([])
      .when({ type: 'EndSessions', business_id: B, kind: 'user', subject_id: U, session_ids: [S, S], reason: 'logout' })
      .then([ended]);
  });

  it('records every session of a device with no list', () => {
    spec
      .given([])
      .when({ type: 'EndSessions', business_id: B, kind: 'kiosk', subject_id: U, session_ids: null, reason: 'remote_logout' })
      .then([{ type: 'SessionsEnded', data: { business_id: B, kind: 'kiosk', subject_id: U, session_ids: null, reason: 'remote_logout' } }]);
  });

  it('writes nothing again for a retried ending', () => {
    spec
      .given([ended])
      .when({ type: 'EndSessions', ...ended.data })
      .thenNothingHappens();
  });

  it('refuses an empty list, an unknown kind and an unknown reason', () => {
    spec
      .given([])
      .when({ type: 'EndSessions', ...ended.data, session_ids: [] })
      .thenRefuses({ status: 422, fields: ['session_ids'] });
    spec
      .given([])
      .when({ type: 'EndSessions', ...ended.data, kind: 'robot' as never })
      .thenRefuses({ status: 422, fields: ['kind'] });
    spec
      .given([])
      .when({ type: 'EndSessions', ...ended.data, reason: 'bored' as never })
      .thenRefuses({ status: 422, fields: ['reason'] });
  });
});
