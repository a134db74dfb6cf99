import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { AddressPolicy } from './address-policy';
import { OutboundGuard } from './outbound-guard';
import { OutboundUrlRefusedError } from './outbound-url-refused.error';

describe('AddressPolicy', () => {
  const policy = new AddressPolicy();

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
  ])('refuses %s by default', (address) => {
    expect(policy.refusalOf(address)).toBeDefined();
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(policy.refusalOf(address)).toBeUndefined();
    },
  );

  it('lets through what the operator allows, and nothing else', () => {
    const allowing = AddressPolicy.fromAllowList('127.0.0.0/8, ::1/128');
    expect(allowing.refusalOf('127.0.0.1')).toBeUndefined();
    expect(allowing.refusalOf('::1')).toBeUndefined();
    expect(allowing.refusalOf('10.0.0.1')).toBeDefined();
    expect(allowing.refusalOf('169.254.169.254')).toBeDefined();
  });

  it('rejects a malformed allow list at startup', () => {
    expect(() => AddressPolicy.fromAllowList('localhost/8')).toThrow(/not an address range/);
  });
});

describe('OutboundGuard', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses loopback by address and by name unless allowed', async () => {
    const guard = OutboundGuard.fromAllowList('');
    await expect(guard.fetch(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(
      OutboundUrlRefusedError,
    );
    await expect(guard.fetch(`http://localhost:${port}/`)).rejects.toBeInstanceOf(
      OutboundUrlRefusedError,
    );
    await expect(guard.assertAllowed(`http://localhost:${port}/`)).rejects.toThrow(/loopback/);
    await guard.close();
  });

  it.each([
    'http://[::127.0.0.1]:8080/',
    'http://[::ffff:0:127.0.0.1]:8080/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[0000::0001]/',
    'http://[::ffff:a9fe:a9fe]/latest',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[FE80::1]/',
    'http://2130706433/',
    'http://0x7f.1/',
  ])('refuses %s before any request', async (url) => {
    const guard = OutboundGuard.fromAllowList('');
    await expect(guard.assertAllowed(url)).rejects.toThrow(/private, loopback/);
    await expect(guard.fetch(url)).rejects.toThrow(/private, loopback/);
    expect(() => guard.assertAllowedWithoutLookup(url)).toThrow(/private, loopback/);
    await guard.close();
  });

  it('judges a saved URL without a DNS lookup: literal addresses and localhost names only', async () => {
    const guard = OutboundGuard.fromAllowList('');
    for (const url of [
      'https://localhost/x',
      'https://api.localhost./',
      'https://LOCALHOST:8443/',
    ]) {
      expect(() => guard.assertAllowedWithoutLookup(url)).toThrow(/loopback name/);
    }
    expect(() => guard.assertAllowedWithoutLookup('https://169.254.169.254/latest')).toThrow(
      /private, loopback/,
    );
    expect(() => guard.assertAllowedWithoutLookup('javascript:alert(1)')).toThrow(
      /only http and https/,
    );
    expect(() => guard.assertAllowedWithoutLookup('https://no-such-host.invalid/x')).not.toThrow();
    const allowing = OutboundGuard.fromAllowList('127.0.0.0/8');
    expect(() => allowing.assertAllowedWithoutLookup('https://localhost:8443/x')).not.toThrow();
    expect(() => allowing.assertAllowedWithoutLookup('https://[::ffff:127.0.0.1]/')).not.toThrow();
    expect(() => allowing.assertAllowedWithoutLookup('https://[::ffff:a9fe:a9fe]/')).toThrow();
    await Promise.all([guard.close(), allowing.close()]);
  });

  it('refuses schemes other than http and https, and garbage', async () => {
    const guard = OutboundGuard.fromAllowList('127.0.0.0/8');
    await expect(guard.fetch('file:///etc/passwd')).rejects.toThrow(/only http and https/);
    await expect(guard.fetch('not a url')).rejects.toThrow(/not a valid URL/);
    await guard.close();
  });

  it('fetches an allowed address and never follows a redirect', async () => {
    const guard = OutboundGuard.fromAllowList('127.0.0.0/8');
    const ok = await guard.fetch(`http://localhost:${port}/`);
    expect(await ok.text()).toBe('hello');
    const redirect = await guard.fetch(`http://127.0.0.1:${port}/redirect`);
    expect(redirect.status).toBe(302);
    await guard.close();
  });
});
