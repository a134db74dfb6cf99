import { createHash } from 'node:crypto';
import { ErrorCode, ListUsersRequest, newTimeOrderedId, Requests } from '@clarion/contracts';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { ServiceStandIn, StandInReply } from '../test-peers/service-stand-in';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';

const SESSION = 'clarion_st_member';
const API_KEY = 'clarion_sk_default';
const accountId = newTimeOrderedId();
const defaultEnvironment = { envId: newTimeOrderedId(), clientId: 'default-client' };
const staging = { envId: newTimeOrderedId(), clientId: 'staging-client' };
const account = { accountId, accountStatus: 'verified', usageLimited: false };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Billing knows one account with two environments, one member session and one API key. */
function billing(subject: string, request: unknown): StandInReply {
  const { keyHash, tokenHash, envId } = request as Record<string, string>;
  if (subject === Requests.resolveSession.subject && tokenHash === sha256(SESSION)) {
    return {
      data: { ...account, ...defaultEnvironment, member: { profileId: 'p1', role: 'owner' } },
    };
  }
  if (subject === Requests.resolveApiKey.subject && keyHash === sha256(API_KEY)) {
    return { data: { ...account, ...defaultEnvironment, keyId: 'k1', keyType: 'secret' } };
  }
  if (subject === Requests.environmentOfAccount.subject) {
    const named = [defaultEnvironment, staging].find(
      (e) => e.envId === envId || e.clientId === envId,
    );
    return named
      ? { data: named }
      : {
          error: {
            code: ErrorCode.FORBIDDEN,
            message: 'envId names no environment of this account',
          },
        };
  }
  if (subject === Requests.listEnvironments.subject) return { data: [] };
  return { error: { code: ErrorCode.UNAUTHORIZED, message: 'unknown' } };
}

describe('the environment a caller acts on', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let services: ServiceStandIn;
  const listed: ListUsersRequest[] = [];

  beforeAll(async () => {
    services = await ServiceStandIn.start(
      namespace,
      [
        Requests.resolveSession.subject,
        Requests.resolveApiKey.subject,
        Requests.environmentOfAccount.subject,
        Requests.listEnvironments.subject,
        Requests.listUsers.subject,
      ],
      (subject, request) => {
        if (subject !== Requests.listUsers.subject) return billing(subject, request);
        listed.push(request as ListUsersRequest);
        return { data: { users: [], hasMore: false } };
      },
    );
    gateway = await startGateway(namespace, { AUTH_CACHE_TTL_MS: '60000' });
  });

  afterAll(async () => {
    await gateway.close();
    await services.stop();
    await dropTestNamespace(namespace);
  });

  const get = (url: string, credential: string) =>
    gateway.inject({ method: 'GET', url, headers: { authorization: `Bearer ${credential}` } });

  it('gives a member session the environment envId names, asking billing once for many requests', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await get(`/users?limit=5&envId=${staging.clientId}`, SESSION)).statusCode).toBe(200);
    }
    expect((await get(`/users?envId=${staging.envId}`, SESSION)).statusCode).toBe(200);
    expect(listed.map(({ envId, accountId: account }) => ({ envId, account }))).toEqual(
      Array(6).fill({ envId: staging.envId, account: accountId }),
    );
    expect(listed[0]?.limit).toBe(5);
    expect(services.asked(Requests.resolveSession)).toBe(1);
    // Once per way of naming the environment: by clientId, then by envId.
    expect(services.asked(Requests.environmentOfAccount)).toBe(2);
  });

  it('refuses a member session an environment of no account of its own with 403, asking billing once for a while', async () => {
    const askedBefore = services.asked(Requests.environmentOfAccount);
    const reached = listed.length;
    for (let i = 0; i < 3; i++) {
      const refused = await get('/users?envId=someone-elses-client', SESSION);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: ErrorCode.FORBIDDEN } });
    }
    expect(services.asked(Requests.environmentOfAccount)).toBe(askedBefore + 1);
    expect(listed).toHaveLength(reached);
  });

  it('answers 400 with a fix to a member session without envId on an environment operation only', async () => {
    const missing = await get('/users', SESSION);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      trackingId: expect.any(String),
      error: {
        code: ErrorCode.VALIDATION_FAILED,
        message: expect.stringContaining('envId'),
        fix: expect.stringContaining('envId='),
      },
    });
    expect((await get('/environments', SESSION)).statusCode).toBe(200);
  });

  it('keeps an API key on its own environment, refusing any other without asking billing', async () => {
    const askedBefore = services.asked(Requests.environmentOfAccount);
    const reached = listed.length;
    for (const envId of [staging.clientId, staging.envId, 'someone-elses-client']) {
      expect((await get(`/users?envId=${envId}`, API_KEY)).statusCode).toBe(403);
    }
    expect(listed).toHaveLength(reached);
    for (const envId of [defaultEnvironment.clientId, defaultEnvironment.envId]) {
      expect((await get(`/users?envId=${envId}`, API_KEY)).statusCode).toBe(200);
    }
    expect((await get('/users', API_KEY)).statusCode).toBe(200);
    expect(listed.slice(reached).map((request) => request.envId)).toEqual(
      Array(3).fill(defaultEnvironment.envId),
    );
    expect(services.asked(Requests.environmentOfAccount)).toBe(askedBefore);
  });
});
