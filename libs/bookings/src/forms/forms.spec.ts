import { replay, specification } from '@tabour/eventstore/testing';
import { formsDecider, FormsCommand, requireFormValues } from '.';
import { validateFormValues, ValidatedField } from './validate';

const B = '11111111-1111-4111-8111-111111111111';
const F = '22222222-2222-4222-8222-222222222222';
const spec = specification(formsDecider);
const create = (input: Record<string, unknown>, field_id = F): FormsCommand => ({ type: 'CreateFormField', business_id: B, field_id, input });
const created = () => replay(formsDecider, [create({ names: { en: 'Age', ar: 'العمر' }, type: 'number', required: true })]).events;

describe('booking form fields', () => {
  it('creates a field with its names per language, at the end of the list', () => {
    spec
      .given([])
      .when(create({ names: { en: ' Insurance ', fr: 'Assurance' }, options: ['CNAM', 'Private'] }))
      .then([
        {
          type: 'FormFieldCreated',
          data: {
            business_id: B,
            field_id: F,
            flow: 'booking',
            names: { en: 'Insurance', fr: 'Assurance' },
            type: 'text',
            options: ['CNAM', 'Private'],
            required: false,
            position: 0,
          },
        },
      ]);
  });

  it('refuses bad fields naming each one', () => {
    const refusal = spec
      .given([])
      .when(create({ names: { de: 'Alter' }, type: 'date', flow: 'mail', options: ['a', 'a'] }))
      .thenRefuses({ status: 422 });
    expect(Object.keys(refusal.errors ?? {}).sort()).toEqual(['flow', 'names', 'names.de', 'options', 'type']);
    spec
      .given([])
      .when(create({ names: { en: 'Age' }, type: 'number', options: ['ten'] }))
      .thenRefuses({ fields: ['options'] });
  });

  it('updates keeping what was not sent, and deletes', () => {
    spec
      .given(created())
      .when({ type: 'UpdateFormField', business_id: B, field_id: F, input: { required: false } })
      .then(([e]) => expect(e.data).toMatchObject({ names: { en: 'Age' }, type: 'number', required: false }));
    spec
      .given(created())
      .when({ type: 'UpdateFormField', business_id: B, field_id: F, input: { required: true } })
      .thenNothingHappens();
    spec
      .given(created())
      .when({ type: 'DeleteFormField', business_id: B, field_id: F })
      .then([{ type: 'FormFieldDeleted', data: { business_id: B, field_id: F } }]);
    spec.given([]).when({ type: 'DeleteFormField', business_id: B, field_id: F }).thenRefuses({ status: 404 });
  });
});

describe('validateFormValues', () => {
  const age: ValidatedField = { id: 'a1', type: 'number', options: [], required: true };
  const insurance: ValidatedField = { id: 'b2', type: 'text', options: ['CNAM', 'Private'], required: false };
  const size: ValidatedField = { id: 'c3', type: 'number', options: ['1', '2'], required: false };
  const fields = [age, insurance, size];

  it.each([
    ['numbers from text are numbers', { a1: ' 42 ' }, { a1: 42 }, {}],
    ['an option is kept', { a1: 3, b2: 'CNAM', c3: '2' }, { a1: 3, b2: 'CNAM', c3: 2 }, {}],
    ['a required field left out', {}, {}, { 'additional_data.a1': ['This field is required'] }],
    ['an empty text is no value', { a1: '  ' }, {}, { 'additional_data.a1': ['This field is required'] }],
    ['a number field with text', { a1: 'old' }, {}, { 'additional_data.a1': ['Enter a number'] }],
    [
      'a value outside the options',
      { a1: 1, b2: 'Gold', c3: 3 },
      { a1: 1 },
      { 'additional_data.b2': ['Select one of: CNAM, Private'], 'additional_data.c3': ['Select one of: 1, 2'] },
    ],
    ['a field the business does not have', { a1: 1, zz: 'x' }, { a1: 1 }, { 'additional_data.zz': ['This form field does not exist'] }],
    ['an object as a value', { a1: { $gt: 1 } }, {}, { 'additional_data.a1': ['Enter a text or a number'] }],
  ])('%s', (_name, values, expected, errors) => {
    const result = validateFormValues(fields, values);
    expect(result.errors).toEqual(errors);
    expect(result.values).toEqual(expected);
  });

  it('refuses what is not an object, and takes nothing when no field exists', () => {
    expect(validateFormValues(fields, ['x']).errors).toEqual({ additional_data: ['The additional data must map form fields to values'] });
    expect(validateFormValues([], undefined)).toEqual({ values: {}, errors: {} });
  });

  it('throws a 422 on the command path', () => {
    expect(() => requireFormValues(fields, {})).toThrow(expect.objectContaining({ status: 422 }));
    expect(requireFormValues(fields, { a1: 5 })).toEqual({ a1: 5 });
  });
});
