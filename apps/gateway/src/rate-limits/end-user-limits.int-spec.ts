import { ErrorCode, newTimeOrderedId, Requests } from '@clarion/contracts';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { ServiceStandIn, StandInReply } from '../test-peers/service-stand-in';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';

/** Billing knows every clientId as an environment of its own; notifications has no unread. */
function services(subject: string, request: unknown): StandInReply {
  if (subject === Requests.countUnread.subject) return { data: 0 };
  const { clientId } = request as { clientId: string };
  return {
    data: {
      accountId: newTimeOrderedId(),
      envId: `env-of-${clientId}`,
      clientId,
      clientSecret: 'secret',
      secureMode: false,
      disableSending: [],
      accountStatus: 'verified',
      usageLimited: false,
    },
  };
}

describe('per-end-user rate limits', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let standIn: ServiceStandIn;

  beforeAll(async () => {
    standIn = await ServiceStandIn.start(
      namespace,
      [Requests.resolveClient.subject, Requests.countUnread.subject],
      services,
    );
    gateway = await startGateway(namespace, {
      END_USER_RATE_LIMIT_PER_SECOND: '1',
      END_USER_RATE_LIMIT_BURST: '3',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await standIn.stop();
    await dropTestNamespace(namespace);
  });

  const unread = (clientId: string, userId: string) =>
    gateway.inject({
      method: 'GET',
      url: '/user/inapp/unread',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${userId}:`).toString('base64')}`,
      },
    });

  it('answers 429 with Retry-After and the error object once an end user has used their burst', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await unread('c1', 'ada')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const refused = await unread('c1', 'ada');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({
      trackingId: expect.any(String),
      error: {
        code: ErrorCode.RATE_LIMITED,
        message: 'Too many requests for this end user',
        fix: expect.stringContaining('Retry-After'),
      },
    });
  });

  it('counts each user of a client, and the same userId of another client, on their own', async () => {
    expect((await unread('c1', 'bea')).statusCode).toBe(200);
    expect((await unread('c2', 'ada')).statusCode).toBe(200);
  });
});
