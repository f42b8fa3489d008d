import type { FormFieldLanguage, FormFieldType, RuleFlow } from '@tabour/contracts';

export interface FormFieldFields {
  flow: RuleFlow;
  names: Partial<Record<FormFieldLanguage, string>>;
  type: FormFieldType;
  options: string[];
  required: boolean;
  position: number;
}

export type FormFieldInput = Partial<FormFieldFields>;

export type Ids = { business_id: string; field_id: string };

export type FormsCommand =
  (Ids & { type: 'CreateFormField'; input: FormFieldInput }) | (Ids & { type: 'UpdateFormField'; input: FormFieldInput }) | (Ids & { type: 'DeleteFormField' });
