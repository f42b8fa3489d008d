import type { Decider } from '@tabour/eventstore';
import type { PrivacyCommand } from './commands';
import { decide } from './decide';
import type { PrivacyEvent } from './events';
import { evolve } from './evolve';
import { initialPrivacyState, type PrivacyState } from './state';

export * from './commands';
export * from './events';
export { DEFAULT_PRIVACY, PRIVACY_KEYS, privacyStream, type PrivacySettings, type PrivacyState } from './state';

export const privacyDecider: Decider<PrivacyCommand, PrivacyState, PrivacyEvent> = { initialState: initialPrivacyState, decide, evolve };
