import { LEGAL_KINDS, LEGAL_TEXT_MAX } from '@tabour/contracts';
import { invalid } from '@tabour/platform';
import type { LegalCommand } from './commands';
import type { LegalEvent } from './events';
import type { LegalState } from './state';

export function decide(command: LegalCommand, state: LegalState): LegalEvent[] {
  if (!LEGAL_KINDS.includes(command.kind)) throw invalid('Choose terms or policy', { kind: ['Choose terms or policy'] }, 'validation_failed');
  const content = typeof command.content === 'string' ? command.content.replace(/\r\n/g, '\n').trim() : '';
  if (!content) throw invalid('The text is required', { content: ['The text is required'] }, 'validation_failed');
  if (content.length > LEGAL_TEXT_MAX) {
    const message = `The text may have at most ${LEGAL_TEXT_MAX} characters`;
    throw invalid(message, { content: [message] }, 'validation_failed');
  }
  // The same text again is no new version: a double click adds one.
  if (content === state.content) return [];
  return [{ type: 'LegalTextAdded', data: { business_id: command.business_id, kind: command.kind, version: state.version + 1, content } }];
}
