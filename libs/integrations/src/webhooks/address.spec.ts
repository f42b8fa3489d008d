import { addressAllowed, isLoopback, isPrivateAddress } from './address';

describe('webhook addresses', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
  ])('%s is private', (a) => expect(isPrivateAddress(a)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (a) => expect(isPrivateAddress(a)).toBe(false));

  it('lets loopback through only where allowed', () => {
    expect(isLoopback('127.0.0.2')).toBe(true);
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
    expect(addressAllowed('8.8.8.8', false)).toBe(true);
  });
});
