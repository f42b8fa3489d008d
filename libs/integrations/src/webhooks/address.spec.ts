import { addressAllowed, classifyAddress, isLoopback, isPrivateAddress } from './address';

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
    '::ffff:7f00:1',
    '::7f00:1',
    '2002:7f00:1::',
    '64:ff9b::a00:1',
    'fe80::1%eth0',
    '2606:4700:4700::1111%eth0',
    '127.1',
    'localhost',
    '',
  ])('%s is private', (a) => expect(isPrivateAddress(a)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '[2606:2800:220:1::]'])('%s is public', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );

  it.each([
    ['10.0.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['::ffff:a9fe:a9fe', 'ipv4Mapped:linkLocal'],
    ['::ffff:8.8.8.8', 'ipv4Mapped:unicast'],
    ['::ffff:0:7f00:1', 'rfc6145:loopback'],
    ['::a00:1', 'ipv4Compatible:private'],
    ['2002:c0a8:1::', '6to4:private'],
    ['64:ff9b::7f00:1', 'nat64:loopback'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'teredo:private'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'teredo:unicast'],
    ['::127.0.0.1', 'ipv4Compatible:loopback'],
    ['::8.8.8.8', 'ipv4Compatible:unicast'],
    ['fe80::1%eth0', 'zoned'],
    ['4000::1', 'unallocated'],
  ])('%s falls in %s', (a, range) => expect(classifyAddress(a).range).toBe(range));

  it('refuses Teredo and the deprecated forms even around a public address, and judges mapped, NAT64 and 6to4 by theirs', () => {
    expect(classifyAddress('2001:0:4136:e378:8000:63bf:f7f7:f7f7').public).toBe(false);
    expect(classifyAddress('::8.8.8.8').public).toBe(false);
    expect(classifyAddress('::808:808').public).toBe(false);
    expect(classifyAddress('64:ff9b:1::808:808').public).toBe(false);
    expect(classifyAddress('64:ff9b::808:808').public).toBe(true);
    expect(classifyAddress('2002:808:808::1').public).toBe(true);
  });

  it('lets loopback through only where allowed', () => {
    expect(isLoopback('127.0.0.2')).toBe(true);
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
    expect(addressAllowed('8.8.8.8', false)).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', false)).toBe(false);
    expect(addressAllowed('::127.0.0.1', true)).toBe(false);
  });
});
