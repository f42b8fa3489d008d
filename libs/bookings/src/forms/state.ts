import type { FormFieldFields } from './commands';

/** A business's extra fields for bookings and queue joins: one aggregate, stream `bookingforms-<tenant>`. */
export const formsStream = (tenantId: string) => `bookingforms-${tenantId}`;

export interface FormsState {
  fields: Map<string, FormFieldFields>;
}

export const initialFormsState = (): FormsState => ({ fields: new Map() });
