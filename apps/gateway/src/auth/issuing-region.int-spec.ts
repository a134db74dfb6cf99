import { createHash } from 'node:crypto';
import { ErrorCode, newTimeOrderedId, Requests } from '@clarion/contracts';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { ServiceStandIn, StandInReply } from '../test-peers/service-stand-in';

const US_URL = 'https://api.us.clarion.example';
const EU_URL = 'https://api.eu.clarion.example';
const random = (length: number) => 'aB3'.repeat(length).slice(0, length);

const EU_KEY = `clarion_sk_eu_${random(40)}`;
const UNMARKED_KEY = `clarion_sk_${random(40)}`;
const US_KEY = `clarion_sk_us_${random(40)}`;
const US_SESSION = `clarion_st_us_${random(40)}`;
const US_CLIENT_ID = `us_${random(24)}`;
const MARS_KEY = `clarion_sk_mars_${random(40)}`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const principal = {
  accountId: newTimeOrderedId(),
  envId: newTimeOrderedId(),
  clientId: `eu_${random(24)}`,
  accountStatus: 'verified',
  usageLimited: false,
  keyId: 'k1',
  keyType: 'secret',
};

/** Billing of the eu region: it knows one eu key and one key issued before regions. */
function billing(subject: string, request: unknown): StandInReply {
  const { keyHash } = request as Record<string, string>;
  if (subject === Requests.listEnvironments.subject) return { data: [] };
  if (keyHash === sha256(EU_KEY) || keyHash === sha256(UNMARKED_KEY)) return { data: principal };
  return {
    error: {
      code: ErrorCode.UNAUTHORIZED,
      message: 'The API key is not valid',
      fix: 'Use an API key of one of your environments.',
    },
  };
}

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('credentials of another region, at the eu gateway', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let services: ServiceStandIn;
  const billingSubjects = [
    Requests.resolveApiKey,
    Requests.resolveSession,
    Requests.resolveClient,
    Requests.listEnvironments,
  ];
  const billingAsked = () => billingSubjects.reduce((sum, r) => sum + services.asked(r), 0);

  beforeAll(async () => {
    services = await ServiceStandIn.start(
      namespace,
      billingSubjects.map((request) => request.subject),
      billing,
    );
    gateway = await startGateway(namespace, {
      CLARION_REGION: 'eu',
      PUBLIC_URL: EU_URL,
      CLARION_REGION_URLS: `us=${US_URL},eu=${EU_URL}`,
    });
  });

  afterAll(async () => {
    await gateway.close();
    await services.stop();
    await dropTestNamespace(namespace);
  });

  const get = (url: string, authorization: string) =>
    gateway.inject({ method: 'GET', url, headers: { authorization } });

  it.each([
    ['an API key', '/environments', `Bearer ${US_KEY}`],
    ['a member session', '/environments', `Bearer ${US_SESSION}`],
    ['client credentials', '/environments', basic(`${US_CLIENT_ID}:${random(48)}`)],
    ['end-user credentials', '/user/inapp', basic(`${US_CLIENT_ID}:user-1:`)],
  ])(
    'refuses %s of region us with 421 naming the us base URL, without asking billing',
    async (_, url, authorization) => {
      const askedBefore = billingAsked();
      const refused = await get(url, authorization);
      expect(refused.statusCode).toBe(421);
      expect(refused.json()).toEqual({
        trackingId: expect.any(String),
        error: {
          code: ErrorCode.WRONG_REGION,
          message: expect.stringMatching(/account of region us; this is the eu deployment/),
          fix: expect.stringContaining(`Send the request to ${US_URL}`),
        },
      });
      expect(billingAsked()).toBe(askedBefore);
    },
  );

  it('answers a region it does not know like any invalid key, 401, without asking billing', async () => {
    const askedBefore = billingAsked();
    const unknownRegion = await get('/environments', `Bearer ${MARS_KEY}`);
    const unknownKey = await get('/environments', `Bearer clarion_sk_eu_${random(39)}x`);
    expect(billingAsked()).toBe(askedBefore + 1);
    expect(unknownRegion.statusCode).toBe(401);
    expect(unknownRegion.json().error).toEqual(unknownKey.json().error);
  });

  it('serves its own region’s keys and keys issued before regions', async () => {
    expect((await get('/environments', `Bearer ${EU_KEY}`)).statusCode).toBe(200);
    expect((await get('/environments', `Bearer ${UNMARKED_KEY}`)).statusCode).toBe(200);
  });

  it('names its region and base URL in GET /status and first in the OpenAPI servers', async () => {
    const status = await gateway.inject({ method: 'GET', url: '/status' });
    expect(status.json()).toMatchObject({ region: 'eu', baseUrl: EU_URL });
    const document = await gateway.inject({ method: 'GET', url: '/openapi.json' });
    expect(document.json().servers).toEqual([
      { url: EU_URL, description: expect.stringContaining('region eu') },
      { url: US_URL, description: expect.stringContaining('Region us') },
    ]);
  });
});
