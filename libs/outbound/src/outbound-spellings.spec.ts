import dns, { LookupAddress, LookupOptions } from 'node:dns';
import { LoopbackListener } from '@clarion/testing';
import { OutboundGuard } from './outbound-guard';
import { OutboundUrlRefusedError } from './outbound-url-refused.error';

/** Spellings of this machine: a server listens on 127.0.0.1 and ::1 at `port` and counts. */
const LOOPBACK_SPELLINGS: [string, (port: number) => string][] = [
  ['decimal', (port) => `http://2130706433:${port}/`],
  ['hex', (port) => `http://0x7f000001:${port}/`],
  ['hex first part', (port) => `http://0x7f.0.0.1:${port}/`],
  ['octal parts', (port) => `http://0177.0.0.1:${port}/`],
  ['octal whole', (port) => `http://017700000001:${port}/`],
  ['short form', (port) => `http://127.1:${port}/`],
  ['upper-case hex', (port) => `http://0X7F000001:${port}/`],
  ['full-width digits', (port) => `http://１２７.０.０.１:${port}/`],
  ['percent-encoded dot', (port) => `http://127.0.0.1%2e:${port}/`],
  ['zero', (port) => `http://0:${port}/`],
  ['0.0.0.0', (port) => `http://0.0.0.0:${port}/`],
  ['dotted', (port) => `http://127.0.0.1:${port}/`],
  ['trailing dot', (port) => `http://127.0.0.1.:${port}/`],
  ['IPv4-mapped dotted', (port) => `http://[::ffff:127.0.0.1]:${port}/`],
  ['IPv4-mapped hex', (port) => `http://[::ffff:7f00:1]:${port}/`],
  ['IPv4-compatible', (port) => `http://[::127.0.0.1]:${port}/`],
  ['NAT64', (port) => `http://[64:ff9b::7f00:1]:${port}/`],
  ['6to4', (port) => `http://[2002:7f00:1::]:${port}/`],
  ['::1', (port) => `http://[::1]:${port}/`],
  ['::1 in full', (port) => `http://[0:0:0:0:0:0:0:1]:${port}/`],
  ['localhost', (port) => `http://localhost:${port}/`],
  ['LOCALHOST with a trailing dot', (port) => `http://LOCALHOST.:${port}/`],
  ['a localhost subdomain', (port) => `http://api.localhost:${port}/`],
  ['userinfo before the host', (port) => `http://example.com@127.0.0.1:${port}/`],
  ['fragment after the host', (port) => `http://127.0.0.1:${port}#@example.com/`],
  ['backslash after the port', (port) => `http://127.0.0.1:${port}\\@example.com/`],
];

/** Spellings that reach the listener when the operator allows loopback, proving they are real. */
const REACHABLE_WHEN_ALLOWED = [
  'decimal',
  'hex',
  'hex first part',
  'octal parts',
  'octal whole',
  'short form',
  'upper-case hex',
  'full-width digits',
  'percent-encoded dot',
  'zero',
  '0.0.0.0',
  'dotted',
  'trailing dot',
  'IPv4-mapped dotted',
  'IPv4-mapped hex',
  '::1',
  '::1 in full',
  'fragment after the host',
];

/** Other refused ranges; nothing listens there, so what counts is that the guard refused. */
const OTHER_REFUSED = [
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/latest/meta-data/',
  'http://0xa9fea9fe/',
  'http://[::ffff:169.254.169.254]/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[fe80::1]/',
  'http://100.64.0.1/',
  'http://[::ffff:100.64.0.1]/',
  'http://10.0.0.1/',
  'http://012.1/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.0.1/',
  'http://0xc0a80001/',
  'http://[64:ff9b::192.168.0.1]/',
];

/** Answers for names this test makes up; any other name goes to the machine's resolver. */
const stubbedNames = new Map<string, () => LookupAddress[]>();
const PUBLIC = { address: '93.184.216.34', family: 4 };

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  addresses: string | LookupAddress[],
  family: number,
) => void;

describe(`${OutboundGuard.name}: every spelling of a refused address, with the guard active`, () => {
  const refusing = OutboundGuard.fromAllowList('');
  let target: LoopbackListener;

  beforeAll(async () => {
    target = await LoopbackListener.start();
    const resolve = dns.lookup.bind(dns);
    jest.spyOn(dns, 'lookup').mockImplementation(((
      hostname: string,
      options: LookupOptions,
      callback: LookupCallback,
    ) => {
      const answer = stubbedNames.get(hostname);
      if (answer === undefined) return resolve(hostname, options, callback);
      const addresses = answer();
      process.nextTick(() => callback(null, addresses, addresses[0]?.family ?? 0));
    }) as unknown as typeof dns.lookup);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await Promise.all([refusing.close(), target.stop()]);
  });

  beforeEach(() => {
    target.connections = 0;
  });

  it.each(LOOPBACK_SPELLINGS)(
    'refuses the %s spelling of loopback without connecting',
    async (_name, urlOf) => {
      const url = urlOf(target.port);
      await expect(refusing.fetch(url)).rejects.toBeInstanceOf(OutboundUrlRefusedError);
      expect(() => refusing.assertAllowedWithoutLookup(url)).toThrow(OutboundUrlRefusedError);
      await expect(refusing.assertAllowed(url)).rejects.toBeInstanceOf(OutboundUrlRefusedError);
      expect(target.connections).toBe(0);
    },
  );

  it('lets the same spellings reach the listener when the operator allows loopback', async () => {
    const allowing = OutboundGuard.fromAllowList('127.0.0.0/8, ::1/128, 0.0.0.0/32');
    try {
      for (const [name, urlOf] of LOOPBACK_SPELLINGS) {
        if (!REACHABLE_WHEN_ALLOWED.includes(name)) continue;
        const before = target.connections;
        const response = await allowing.fetch(urlOf(target.port), {
          headers: { connection: 'close' },
        });
        expect({ name, body: await response.text() }).toEqual({ name, body: 'reached' });
        expect({ name, connected: target.connections > before }).toEqual({ name, connected: true });
      }
    } finally {
      await allowing.close();
    }
  });

  it.each(OTHER_REFUSED)('refuses %s before any connection', async (url) => {
    await expect(refusing.fetch(url)).rejects.toThrow(/private, loopback, link-local or reserved/);
    expect(() => refusing.assertAllowedWithoutLookup(url)).toThrow(OutboundUrlRefusedError);
  });

  describe('names, judged by what they resolve to when the connection is made', () => {
    afterEach(() => stubbedNames.clear());

    it.each([
      ['only loopback', [{ address: '127.0.0.1', family: 4 }]],
      ['a public address and loopback', [PUBLIC, { address: '127.0.0.1', family: 4 }]],
      ['IPv4-mapped loopback', [{ address: '::ffff:127.0.0.1', family: 6 }]],
      ['::1', [{ address: '::1', family: 6 }]],
      ['the metadata address', [{ address: '169.254.169.254', family: 4 }]],
    ])('refuses a name resolving to %s', async (_what, addresses) => {
      stubbedNames.set('inside.example', () => addresses);
      const url = `http://inside.example:${target.port}/`;
      expect(() => refusing.assertAllowedWithoutLookup(url)).not.toThrow();
      await expect(refusing.fetch(url)).rejects.toBeInstanceOf(OutboundUrlRefusedError);
      await expect(refusing.assertAllowed(url)).rejects.toBeInstanceOf(OutboundUrlRefusedError);
      expect(target.connections).toBe(0);
    });

    it('refuses a name that resolved to a public address when saved and to loopback at connect', async () => {
      let lookups = 0;
      stubbedNames.set('rebinding.example', () =>
        ++lookups === 1 ? [PUBLIC] : [{ address: '127.0.0.1', family: 4 }],
      );
      const url = `http://rebinding.example:${target.port}/`;
      await expect(refusing.assertAllowed(url)).resolves.toBeUndefined();
      await expect(refusing.fetch(url)).rejects.toBeInstanceOf(OutboundUrlRefusedError);
      expect(lookups).toBe(2);
      expect(target.connections).toBe(0);
    });

    it('connects to what the name resolves to when the operator allows it', async () => {
      stubbedNames.set('inside.example', () => [{ address: '127.0.0.1', family: 4 }]);
      const allowing = OutboundGuard.fromAllowList('127.0.0.0/8');
      try {
        const response = await allowing.fetch(`http://inside.example:${target.port}/`);
        expect(await response.text()).toBe('reached');
        expect(target.connections).toBe(1);
      } finally {
        await allowing.close();
      }
    });
  });

  describe('redirects', () => {
    let hop: LoopbackListener;
    const allowingOnlyTheHop = OutboundGuard.fromAllowList('127.0.0.2/32');

    beforeAll(async () => {
      hop = await LoopbackListener.start(
        (request, response) =>
          response
            .writeHead(Number(request.url?.slice(1)), {
              location: `http://2130706433:${target.port}/secret`,
            })
            .end(),
        ['127.0.0.2'],
      );
    });

    afterAll(() => Promise.all([allowingOnlyTheHop.close(), hop.stop()]));

    it.each([301, 302, 303, 307, 308])(
      'hands back a %i to a refused address instead of following it',
      async (status) => {
        const response = await allowingOnlyTheHop.fetch(`http://127.0.0.2:${hop.port}/${status}`, {
          redirect: 'follow',
        });
        expect(response.status).toBe(status);
        expect(response.headers.get('location')).toBe(`http://2130706433:${target.port}/secret`);
        expect(hop.connections).toBeGreaterThan(0);
        expect(target.connections).toBe(0);
      },
    );
  });
});
