import type { SessionsEnded } from './events';

export type SessionEndCommand = { type: 'EndSessions' } & SessionsEnded['data'];
