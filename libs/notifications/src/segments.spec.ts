import { smsSegments } from './segments';

const a = (n: number) => 'a'.repeat(n);
const zhe = (n: number) => 'ж'.repeat(n);
const emoji = '😀';

describe('smsSegments', () => {
  it.each([
    ['French with é and à stays GSM-7 (both are in the basic set)', 'Votre rendez-vous est confirmé à 9h', 'GSM-7', 1, 35],
    ['ç is not in the GSM-7 sets (only Ç is), so the text goes UCS-2', 'Reçu', 'UCS-2', 1, 4],
    ['€ is an extension character and counts 2 septets', 'Total 10€', 'GSM-7', 1, 10],
    ['Arabic is UCS-2', 'تم تأكيد موعدك', 'UCS-2', 1, 14],
    ['Russian is UCS-2', 'Ваш талон A12', 'UCS-2', 1, 13],
    ['an empty text is no message', '', 'GSM-7', 0, 0],
  ])('%s', (_label, text, encoding, segments, characters) => {
    expect(smsSegments(text)).toEqual({ encoding, segments, characters });
  });

  it('GSM-7: 160 septets in one segment, 161 in two', () => {
    expect(smsSegments(a(160))).toEqual({ encoding: 'GSM-7', segments: 1, characters: 160 });
    expect(smsSegments(a(161))).toEqual({ encoding: 'GSM-7', segments: 2, characters: 161 });
  });

  it('GSM-7 concatenated: 153 a part, so 306 in two and 307 in three', () => {
    expect(smsSegments(a(153 * 2)).segments).toBe(2);
    expect(smsSegments(a(153 * 2 + 1)).segments).toBe(3);
  });

  it('extension characters fill a segment twice as fast: 80 € fit, 81 do not', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', segments: 1, characters: 160 });
    expect(smsSegments('€'.repeat(81))).toEqual({ encoding: 'GSM-7', segments: 2, characters: 162 });
  });

  it('UCS-2: 70 units in one segment, 71 in two, 67 a part once concatenated', () => {
    expect(smsSegments(zhe(70))).toEqual({ encoding: 'UCS-2', segments: 1, characters: 70 });
    expect(smsSegments(zhe(71))).toEqual({ encoding: 'UCS-2', segments: 2, characters: 71 });
    expect(smsSegments(zhe(67 * 2)).segments).toBe(2);
    expect(smsSegments(zhe(67 * 2 + 1)).segments).toBe(3);
  });

  it('one character outside GSM-7 turns the whole text UCS-2, so 100 letters and an Arabic one take two segments', () => {
    expect(smsSegments(a(100) + 'م')).toEqual({ encoding: 'UCS-2', segments: 2, characters: 101 });
  });

  it('an emoji counts two UCS-2 units', () => {
    expect(smsSegments(a(68) + emoji)).toEqual({ encoding: 'UCS-2', segments: 1, characters: 70 });
    expect(smsSegments(a(69) + emoji)).toEqual({ encoding: 'UCS-2', segments: 2, characters: 71 });
  });

  it('a segment never splits an emoji: one straddling the 67th unit moves whole to the next part', () => {
    // 66 + 2 + 66 = 134 units would fill exactly two parts of 67 if the pair could be split.
    expect(smsSegments(a(66) + emoji + a(66))).toEqual({ encoding: 'UCS-2', segments: 3, characters: 134 });
    // Moved one place earlier, the emoji ends the first part exactly and two parts suffice.
    expect(smsSegments(a(65) + emoji + a(67))).toEqual({ encoding: 'UCS-2', segments: 2, characters: 134 });
  });
});
