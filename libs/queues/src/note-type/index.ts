import type { Decider } from '@tabour/eventstore';
import type { NoteTypeCommand } from './commands';
import { decide } from './decide';
import type { NoteTypeEvent } from './events';
import { evolve } from './evolve';
import { initialNoteTypeState, type NoteTypeState } from './state';

export type { NoteTypeCommand, NoteTypeFields } from './commands';
export * from './events';
export { noteTypeStream, type NoteTypeState } from './state';

export const noteTypeDecider: Decider<NoteTypeCommand, NoteTypeState, NoteTypeEvent> = { initialState: initialNoteTypeState, decide, evolve };
