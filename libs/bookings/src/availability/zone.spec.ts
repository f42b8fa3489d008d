import fc from 'fast-check';
import { formatHHmm, isoInstant } from './zone';

describe('isoInstant', () => {
  it('writes every instant as toISOString does, one date after another or in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.date({ min: new Date('-000100-01-01T00:00:00Z'), max: new Date('+010000-12-31T00:00:00Z'), noInvalidDate: true }), { minLength: 1 }),
        (dates) => {
          for (const d of dates) expect(isoInstant(d.getTime())).toBe(d.toISOString());
        },
      ),
    );
  });

  it('writes the edges of the four-digit years and a fraction of a millisecond as toISOString does', () => {
    for (const at of [-62_167_219_200_001, -62_167_219_200_000, 253_402_300_799_999, 253_402_300_800_000, 0, 1.5, -1]) {
      expect(isoInstant(at)).toBe(new Date(at).toISOString());
    }
  });
});

describe('formatHHmm', () => {
  it.each([
    [0, '00:00'],
    [545, '09:05'],
    [1440, '24:00'],
  ])('%i minutes is %s', (minute, text) => {
    expect(formatHHmm(minute)).toBe(text);
  });
});
