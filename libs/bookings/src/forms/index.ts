import type { Decider } from '@tabour/eventstore';
import type { FormsCommand } from './commands';
import { decide } from './decide';
import type { FormsEvent } from './events';
import { evolve } from './evolve';
import { initialFormsState, type FormsState } from './state';

export type { FormFieldFields, FormFieldInput, FormsCommand } from './commands';
export * from './events';
export { formsStream, type FormsState } from './state';
export { checkFormField, FORM_LIMITS } from './decide';
export * from './validate';
export type { BookingFormFieldsTable } from './tables';

export const formsDecider: Decider<FormsCommand, FormsState, FormsEvent> = { initialState: initialFormsState, decide, evolve };
