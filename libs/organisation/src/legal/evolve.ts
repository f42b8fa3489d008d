import type { LegalEvent } from './events';
import type { LegalState } from './state';

export const evolve = (_state: LegalState, event: LegalEvent): LegalState => ({ version: event.data.version, content: event.data.content });
