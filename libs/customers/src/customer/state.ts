import { EMPTY_PERSONAL, type CustomerSettings, type PersonalFields } from '../fields';

export const customerStream = (id: string) => `customer-${id}`;

export type CustomerState =
  { status: 'none' } | ({ status: 'active' | 'erased'; business_id: string; attachments: Record<string, string> } & CustomerSettings & PersonalFields);

export const initialCustomerState = (): CustomerState => ({ status: 'none' });

export function pickPersonal(state: Partial<PersonalFields>): PersonalFields {
  const out = { ...EMPTY_PERSONAL };
  for (const k of Object.keys(EMPTY_PERSONAL) as (keyof PersonalFields)[]) if (state[k] !== undefined) (out as Record<string, unknown>)[k] = state[k];
  return out;
}
