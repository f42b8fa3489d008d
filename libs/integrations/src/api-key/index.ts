import type { Decider } from '@tabour/eventstore';
import type { ApiKeyCommand } from './commands';
import { decide } from './decide';
import type { ApiKeyEvent } from './events';
import { evolve } from './evolve';
import { initialApiKeyState, type ApiKeyState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyState, ApiKeyEvent> = { initialState: initialApiKeyState, decide, evolve };
