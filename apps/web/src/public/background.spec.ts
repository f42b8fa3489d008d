import { backdropFor } from './background';

describe('backdropFor', () => {
  it.each([
    ['tt.tabour.app', null, 'tt'],
    ['sante.tabour.app', 'ci', 'sante'],
    ['ci.tabour.app', 'gb', 'ci'],
    ['app.tabour.com', 'gb', 'gb'],
    ['localhost', null, 'tn'],
    ['localhost', 'zz', 'tn'],
  ])('%s with %s is %s', (host, stored, expected) => {
    expect(backdropFor(host, stored)).toBe(expected);
  });
});
