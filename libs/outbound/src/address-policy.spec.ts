import { AddressPolicy } from './address-policy';

describe(`${AddressPolicy.name}: every IPv6 spelling of a refused address`, () => {
  const sut = new AddressPolicy();

  it.each([
    // loopback and unspecified, however written
    '::1',
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '::0001',
    '[::1]',
    '::',
    '0:0:0:0:0:0:0:0',
    // IPv4-mapped, dotted and hex, any case
    '::ffff:127.0.0.1',
    '::FFFF:7F00:1',
    '0:0:0:0:0:ffff:7f00:0001',
    '::ffff:a9fe:a9fe',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    // IPv4-compatible (deprecated)
    '::127.0.0.1',
    '::7f00:1',
    '::169.254.169.254',
    '::a9fe:a9fe',
    '::192.168.1.1',
    // IPv4-translated (SIIT)
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '0:0:0:0:ffff:0:a9fe:a9fe',
    // NAT64, well-known prefix and local use
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '64:FF9B::A9FE:A9FE',
    '64:ff9b:1::8.8.8.8',
    '64:ff9b:1:abcd::1',
    // 6to4 with a private IPv4 inside
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101:0:0:0:0:1',
    // Teredo, whatever it carries
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001::1',
    // unique local, link-local (with zone ids), site-local, multicast
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'FE80::1',
    'fe80::1%eth0',
    'fe80::a9fe:a9fe%25',
    'febf::1',
    'fec0::1',
    'feff::1',
    'ff02::1',
    'ff0e::1',
    // documentation, benchmarking and discard
    '2001:db8::1',
    '3fff::1',
    '2001:2::1',
    '100::1',
  ])('refuses %s', (address) => {
    expect(sut.refusalOf(address)).toMatch(/private, loopback, link-local or reserved/);
  });

  it.each([
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets the public address %s through', (address) => {
    expect(sut.refusalOf(address)).toBeUndefined();
  });

  it.each(['not-an-ip', '::ffff:127.000.0.1', '1::2::3', '12345::1', ''])(
    'refuses %s, which is no address',
    (address) => {
      expect(sut.refusalOf(address)).toMatch(/is not an IP address/);
    },
  );

  it('lets every IPv6 spelling of an allowed IPv4 range through, but not ::1 with it', () => {
    const allowing = AddressPolicy.fromAllowList('127.0.0.0/8');
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::127.0.0.1', '64:ff9b::7f00:1']) {
      expect(allowing.refusalOf(address)).toBeUndefined();
    }
    expect(allowing.refusalOf('::1')).toBeDefined();
    expect(allowing.refusalOf('::ffff:a9fe:a9fe')).toBeDefined();
    expect(allowing.refusalOf('fe80::1')).toBeDefined();
  });

  it('lets an allowed IPv6 range through in any spelling', () => {
    const allowing = AddressPolicy.fromAllowList('::1/128, fd00::/8');
    for (const address of ['::1', '0:0:0:0:0:0:0:1', '[::1]', 'FD00::5', 'fd12::1%eth0']) {
      expect(allowing.refusalOf(address)).toBeUndefined();
    }
    expect(allowing.refusalOf('fc00::1')).toBeDefined();
    expect(allowing.refusalOf('127.0.0.1')).toBeDefined();
  });
});
