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
