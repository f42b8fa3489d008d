import { escapeLike, likePattern } from './like';

describe('LIKE patterns', () => {
  it('wraps the text so it is found anywhere', () => {
    expect(likePattern('anna')).toBe('%anna%');
  });

  it('makes the wildcards and the escape character literal', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(escapeLike('a_b%c')).toBe('a\\_b\\%c');
  });

  it('leaves an empty search matching everything', () => {
    expect(likePattern('')).toBe('%%');
  });
});
