import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, Requests } from '@clarion/contracts';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { LightMyRequestResponse } from 'fastify';
import { ServiceStandIn, StandInReply } from '../test-peers/service-stand-in';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { testPrincipal } from '../test-peers/test-principal';

const GOOD_KEY = 'clarion_sk_good';
/** Another tenant's key and a member's session, in use from other addresses. */
const OTHER_TENANT_KEY = 'clarion_sk_other_tenant';
const MEMBER_SESSION = 'clarion_st_member';
/** A key of a tenant this gateway has never served. */
const NEW_TENANT_KEY = 'clarion_sk_new_tenant';
const RIGHT_PASSWORD = 'the right password';
const principal = testPrincipal();
const otherPrincipal = testPrincipal();
const INGRESS = '10.0.0.1';

const randomKey = () => `clarion_sk_${randomBytes(12).toString('hex')}`;
const randomSession = () => `clarion_st_${randomBytes(12).toString('hex')}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const unknown: StandInReply = { error: { code: ErrorCode.UNAUTHORIZED, message: 'unknown' } };

/** Billing: the good keys and session resolve, any other is unknown; one password signs in. */
function billing(subject: string, request: unknown): StandInReply {
  const { keyHash, tokenHash, password } = request as Record<string, string | undefined>;
  switch (subject) {
    case Requests.listEnvironments.subject:
      return { data: [] };
    case Requests.resolveApiKey.subject:
      if (keyHash === sha256(GOOD_KEY)) return { data: principal };
      if (keyHash === sha256(NEW_TENANT_KEY)) return { data: testPrincipal() };
      return keyHash === sha256(OTHER_TENANT_KEY) ? { data: otherPrincipal } : unknown;
    case Requests.resolveSession.subject:
      return tokenHash === sha256(MEMBER_SESSION) ? { data: otherPrincipal } : unknown;
    case Requests.login.subject:
      return password === RIGHT_PASSWORD
        ? { data: { token: MEMBER_SESSION, expiresAt: new Date().toISOString() } }
        : unknown;
    default:
      return unknown;
  }
}

function expectAddressRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({
    trackingId: expect.any(String),
    error: {
      code: ErrorCode.RATE_LIMITED,
      message: 'Too many failed authentications from this address',
      fix: expect.stringContaining('Retry-After'),
    },
  });
}

describe('failed authentications per client address', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let services: ServiceStandIn;

  beforeAll(async () => {
    services = await ServiceStandIn.start(
      namespace,
      [
        Requests.resolveApiKey.subject,
        Requests.resolveSession.subject,
        Requests.listEnvironments.subject,
        Requests.login.subject,
      ],
      billing,
    );
    // Behind one ingress: the client's address is the last X-Forwarded-For entry. Resolved
    // credentials are not cached, so what lets valid ones through is remembered apart.
    gateway = await startGateway(namespace, {
      TRUST_PROXY: '1',
      AUTH_CACHE_TTL_MS: '0',
      AUTH_FAILURE_BURST: '3',
      AUTH_FAILURE_LIMIT_PER_MINUTE: '1',
      AUTH_LIMITED_LOOKUPS_PER_MINUTE: '1',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await services.stop();
    await dropTestNamespace(namespace);
  });

  /** A request through the ingress from `client`, with whatever X-Forwarded-For it forged. */
  const fromClient = (client: string, forged = '192.0.2.1') => ({
    remoteAddress: INGRESS,
    headers: { 'x-forwarded-for': `${forged}, ${client}` },
  });
  const listEnvironments = (client: string, key: string, forged?: string) => {
    const { remoteAddress, headers } = fromClient(client, forged);
    return gateway.inject({
      method: 'GET',
      url: '/environments',
      remoteAddress,
      headers: { ...headers, authorization: `Bearer ${key}` },
    });
  };

  /**
   * Lookups of unknown credentials an address over its budget may have had since `since`: one at
   * once, then one a minute (AUTH_LIMITED_LOOKUPS_PER_MINUTE above), however slow the machine.
   */
  const limitedLookupsSince = (since: number) => 1 + Math.floor((Date.now() - since) / 60_000);

  it('answers 429 with Retry-After once an address has failed too often, asking billing only at a trickle', async () => {
    const client = '198.51.100.7';
    for (let i = 0; i < 3; i++) {
      expect((await listEnvironments(client, randomKey())).statusCode).toBe(401);
    }
    expect(services.asked(Requests.resolveApiKey)).toBe(3);

    const overBudgetAt = Date.now();
    for (let i = 0; i < 10; i++) {
      expectAddressRefused(await listEnvironments(client, randomKey(), `192.0.2.${i}`));
    }
    expect(services.asked(Requests.resolveApiKey)).toBeLessThanOrEqual(
      3 + limitedLookupsSince(overBudgetAt),
    );
  });

  it('serves valid credentials in use from that address while it is over the limit', async () => {
    expect((await listEnvironments('198.51.100.6', GOOD_KEY)).statusCode).toBe(200);
    expect((await listEnvironments('198.51.100.7', GOOD_KEY)).statusCode).toBe(200);
  });

  it('serves a valid key this gateway never saw from an address over the limit, and refuses a wrong one after it without asking billing', async () => {
    const client = '198.51.100.20';
    for (let i = 0; i < 3; i++) {
      expect((await listEnvironments(client, randomKey())).statusCode).toBe(401);
    }
    const lookedUpAt = Date.now();
    expect((await listEnvironments(client, NEW_TENANT_KEY)).statusCode).toBe(200);
    const askedBefore = services.asked(Requests.resolveApiKey);
    expectAddressRefused(await listEnvironments(client, randomKey()));
    // The one lookup at once went to the valid key; the next is a minute later.
    expect(services.asked(Requests.resolveApiKey)).toBeLessThanOrEqual(
      askedBefore + limitedLookupsSince(lookedUpAt) - 1,
    );
  });

  it("serves another tenant's key and a member's session from an address that failed 300 times, and refuses only the wrong ones", async () => {
    const elsewhere = '198.51.100.30';
    expect((await listEnvironments(elsewhere, OTHER_TENANT_KEY)).statusCode).toBe(200);
    expect((await listEnvironments(elsewhere, MEMBER_SESSION)).statusCode).toBe(200);
    const client = '198.51.100.31';
    const keysAsked = services.asked(Requests.resolveApiKey);
    const floodStartedAt = Date.now();
    for (let i = 0; i < 300; i++) {
      expect([401, 429]).toContain((await listEnvironments(client, randomKey())).statusCode);
    }
    // Past its budget, the address's unknown keys are looked up only at a trickle.
    expect(services.asked(Requests.resolveApiKey)).toBeLessThanOrEqual(
      keysAsked + 3 + limitedLookupsSince(floodStartedAt),
    );

    expect((await listEnvironments(client, OTHER_TENANT_KEY)).statusCode).toBe(200);
    expect((await listEnvironments(client, MEMBER_SESSION)).statusCode).toBe(200);
    expectAddressRefused(await listEnvironments(client, randomKey()));
    expectAddressRefused(await listEnvironments(client, randomSession()));
    expect((await listEnvironments(client, GOOD_KEY)).statusCode).toBe(200);
  });

  it('leaves other addresses alone', async () => {
    expect((await listEnvironments('198.51.100.8', GOOD_KEY)).statusCode).toBe(200);
    expect((await listEnvironments('198.51.100.8', randomKey())).statusCode).toBe(401);
  });

  it('asks billing once for a flood of the same wrong key, and limits it all the same', async () => {
    const client = '198.51.100.9';
    const wrongKey = randomKey();
    const askedBefore = services.asked(Requests.resolveApiKey);
    for (let i = 0; i < 3; i++) {
      expect((await listEnvironments(client, wrongKey)).statusCode).toBe(401);
    }
    expectAddressRefused(await listEnvironments(client, wrongKey));
    expect(services.asked(Requests.resolveApiKey)).toBe(askedBefore + 1);
  });

  it('counts wrong passwords at sign-in per address too', async () => {
    const login = () =>
      gateway.inject({
        method: 'POST',
        url: '/auth/login',
        ...fromClient('198.51.100.10'),
        payload: { email: `${randomBytes(4).toString('hex')}@example.test`, password: 'guess' },
      });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(401);
    expectAddressRefused(await login());
    expect(services.asked(Requests.login)).toBe(3);
  });

  it('refuses even the right password from an address over its sign-in limit, so no guess gets through', async () => {
    const signIn = (password: string) =>
      gateway.inject({
        method: 'POST',
        url: '/auth/login',
        ...fromClient('198.51.100.10'),
        payload: { email: 'owner@example.test', password },
      });
    const askedBefore = services.asked(Requests.login);
    expectAddressRefused(await signIn(RIGHT_PASSWORD));
    expect(services.asked(Requests.login)).toBe(askedBefore);
    // Its keys and sessions still work: sign-ins and credentials have budgets of their own.
    expect((await listEnvironments('198.51.100.10', GOOD_KEY)).statusCode).toBe(200);
  });

  it('lets an address whose keys failed sign in with the right password', async () => {
    const client = '198.51.100.32';
    for (let i = 0; i < 5; i++) {
      expect([401, 429]).toContain((await listEnvironments(client, randomKey())).statusCode);
    }
    expectAddressRefused(await listEnvironments(client, randomKey()));
    const signedIn = await gateway.inject({
      method: 'POST',
      url: '/auth/login',
      ...fromClient(client),
      payload: { email: 'owner@example.test', password: RIGHT_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ token: MEMBER_SESSION });
  });
});

describe('failed authentications with TRUST_PROXY left at its default', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let services: ServiceStandIn;

  beforeAll(async () => {
    services = await ServiceStandIn.start(namespace, [Requests.resolveApiKey.subject], billing);
    gateway = await startGateway(namespace, {
      AUTH_FAILURE_BURST: '3',
      AUTH_FAILURE_LIMIT_PER_MINUTE: '1',
      AUTH_LIMITED_LOOKUPS_PER_MINUTE: '1',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await services.stop();
    await dropTestNamespace(namespace);
  });

  it('counts them by the connection, whatever X-Forwarded-For a client forges', async () => {
    const fromForgedAddress = (i: number) =>
      gateway.inject({
        method: 'GET',
        url: '/environments',
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `192.0.2.${i}`, authorization: `Bearer ${randomKey()}` },
      });
    for (let i = 0; i < 3; i++) expect((await fromForgedAddress(i)).statusCode).toBe(401);
    expectAddressRefused(await fromForgedAddress(3));
  });
});
