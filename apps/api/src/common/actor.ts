import type { Actor } from '@tabour/eventstore';
import type { UserPrincipal } from '@tabour/platform';

/** The signed-in staff member as the actor of the events their request causes (activity log, audit). */
export const actorOf = (user: UserPrincipal): Actor => ({ type: 'user', id: user.userId, name: user.name });
