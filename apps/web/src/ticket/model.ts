/** The public ticket page's rules, apart from React so they are tested without a browser. */
import type { PublicTicket } from '@tabour/contracts';

// The page's answer and the wait's reading in minutes are the contract's, one definition with the API.
export { waitMinutes as minutes, type PublicTicket } from '@tabour/contracts';

/** Two customers or fewer ahead: time to come back to the desk. */
export const NEAR = 2;

/**
 * What the page shows: still waiting, soon (NEAR or fewer ahead), called to a counter, set
 * aside, the visit over (feedback), cancelled, or gone otherwise.
 */
export type Stage = 'waiting' | 'near' | 'called' | 'on_hold' | 'ended' | 'cancelled' | 'closed';

export function stageOf(t: Pick<PublicTicket, 'status' | 'ahead'>): Stage {
  switch (t.status) {
    case 'waiting':
      return t.ahead !== null && t.ahead <= NEAR ? 'near' : 'waiting';
    case 'in_service':
      return 'called';
    case 'on_hold':
      return 'on_hold';
    case 'ended':
      return 'ended';
    case 'revoked':
      return 'cancelled';
    default:
      return 'closed';
  }
}

/**
 * Whether a change of stage deserves the alert (vibration, sound): becoming near, or being
 * called. Not on the first load, and not again for the same stage after a refetch.
 */
export function alertFor(previous: Stage | null, next: Stage): 'near' | 'called' | null {
  if (previous === null || previous === next) return null;
  if (next === 'called') return 'called';
  if (next === 'near' && previous === 'waiting') return 'near';
  return null;
}

/** The queue's name in the page's language when it has one. */
export function queueName(q: { name: string; translations?: Record<string, { name?: string | null }> }, lang: string): string {
  return q.translations?.[lang]?.name?.trim() || q.name;
}

/** Feedback opens once the visit has ended, once per ticket. */
export function feedbackState(t: Pick<PublicTicket, 'status' | 'feedback_given'>): 'open' | 'given' | 'not_yet' | 'closed' {
  if (t.feedback_given) return 'given';
  if (t.status === 'ended') return 'open';
  return ['waiting', 'in_service', 'on_hold'].includes(t.status) ? 'not_yet' : 'closed';
}

/** What the business lets the customer do on the page; an answer without it (an older server) allows all. */
export function allowedOn(t: Pick<PublicTicket, 'allowed'>): NonNullable<PublicTicket['allowed']> {
  return t.allowed ?? { cancel: true, running_late: true, feedback: true };
}
