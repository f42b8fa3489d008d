import { isStrongPassword } from './password';

describe('password rule', () => {
  it.each([
    ['Str0ng!Pass', true],
    ['Sh0rt!', false],
    ['alllower1!', false],
    ['ALLUPPER1!', false],
    ['NoDigits!!', false],
    ['NoSpecial12', false],
  ])('%s → %s', (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
  });
});
