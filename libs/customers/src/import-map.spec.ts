import { mapHeaders, rowToInput } from './import-map';
import { foldText, phoneNeedle, toE164 } from './fields';

describe('import headers', () => {
  it('recognises the known names in the seven languages, ignoring case, accents and separators', () => {
    const { columns, unknown } = mapHeaders(['Prénom', 'NACHNAME', 'Teléfono', 'الهاتف 2', 'Телефон', 'E-mail', 'date_of_birth', 'Catégorie', 'Shoe size', '']);
    expect(columns).toEqual(['first_name', 'last_name', 'phone', 'second_phone', null, 'email', 'date_of_birth', 'category', null, null]);
    // The second phone column of the same kind is not read twice into one field.
    expect(unknown).toEqual(['Телефон', 'Shoe size']);
  });

  it('turns a row into the input of a create, splitting a full name and reading yes/no and dates', () => {
    const { columns } = mapHeaders(['Name', 'Date de naissance', 'book more than once', 'Langue']);
    expect(rowToInput(columns, ['Ali Ben Salah', '31/12/1990', 'oui', 'FR'])).toEqual({
      first_name: 'Ali',
      last_name: 'Ben Salah',
      date_of_birth: '1990-12-31',
      book_more_than_once: true,
      preferred_language: 'fr',
    });
    expect(rowToInput(columns, ['', '', '', ''])).toEqual({});
  });
});

describe('search forms', () => {
  it('folds text to lowercase without accents', () => {
    expect(foldText('  Émilie   ÇAĞLAR Sâlah ')).toBe('emilie caglar salah');
  });

  it('reads a phone in any format to the same digits', () => {
    expect(toE164('20 123 456', 'TN')).toBe('+21620123456');
    expect(toE164('0021620123456', 'TN')).toBe('+21620123456');
    expect(toE164('12', 'TN')).toBeNull();
    for (const kw of ['+216 20 123 456', '20123456', '0021620123456']) expect(phoneNeedle(kw, 'TN')).toBe('20123456');
    expect(phoneNeedle('20 12', 'TN')).toBe('2012');
    expect(phoneNeedle('ali', 'TN')).toBeNull();
  });
});
