import fc from 'fast-check';
import { parseInstant } from './context';

describe('parseInstant', () => {
  it('reads every UTC ISO instant as Date.parse does', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        expect(parseInstant(d.toISOString())).toBe(d.getTime());
        expect(parseInstant(d.toISOString().replace('.000Z', 'Z'))).toBe(Date.parse(d.toISOString().replace('.000Z', 'Z')));
      }),
    );
  });

  it('reads the UTC form of every four-digit year, leap days and month ends included', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (d) => {
        expect(parseInstant(d.toISOString())).toBe(d.getTime());
      }),
    );
    for (const text of ['2024-02-29T12:00:00Z', '2000-02-29T00:00:00.000Z', '0050-06-30T23:59:59.999Z', '2026-12-31T23:59:59Z'])
      expect(parseInstant(text)).toBe(Date.parse(text));
  });

  it.each([
    '2026-02-29T10:00:00Z',
    '1900-02-29T10:00:00Z',
    '2026-04-31T10:00:00Z',
    '2026-03-03T24:00:00Z',
    '2026-03-03T09:6:00.000Z',
    '2026-03-03T09:00:00.00:Z',
    '2026-0;-03T09:00:00Z',
  ])('%s as Date.parse reads it', (text) => {
    expect(parseInstant(text)).toEqual(Date.parse(text));
  });

  it.each(['2026-03-03T09:00:00+01:00', '2026-02-30T10:00:00Z', '2026-13-01T00:00:00Z', 'not a date', '2026-03-03'])('%s as Date.parse reads it', (text) => {
    expect(parseInstant(text)).toEqual(Date.parse(text));
  });
});
