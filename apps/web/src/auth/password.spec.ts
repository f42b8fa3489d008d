import { isStrongPassword } from './password';

describe('isStrongPassword', () => {
  it.each([
    ['Str0ng!Pass', true],
    ['Sh0rt!a', false],
    ['nouppercase1!', false],
    ['NOLOWERCASE1!', false],
    ['NoDigits!!', false],
    ['NoSpecial12', false],
  ])('%s → %s', (pw, ok) => expect(isStrongPassword(pw)).toBe(ok));
});
