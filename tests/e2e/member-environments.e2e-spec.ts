import { AccountResponseDto } from '@clarion/contracts';
import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type ErrorAnswer = { trackingId: string; error: { code: string; message: string; fix?: string } };
const PASSWORD = 'a long enough password';

/**
 * A member session (Bearer token of POST /auth/login) acts on the environment of its account that
 * `envId` names (the environment's clientId, or the envId records carry), on every
 * environment-scoped operation; an API key acts on its own environment and nothing else.
 */
describe('member sessions on the environments of their account', () => {
  const suite = shareSystemForSuite();
  let acme: AccountResponseDto;
  /** Acme's default environment, by its API key. */
  let acmeDefault: ApiClient;
  /** Acme's staging environment, by a key of its own. */
  let acmeStaging: ApiClient;
  let staging: { clientId: string; envId: string };
  let defaultClientId: string;
  let acmeOwner: ApiClient;
  let rival: { api: ApiClient; owner: ApiClient; clientId: string };

  const signIn = async (email: string): Promise<ApiClient> => {
    const { status, body } = await new ApiClient(suite.system.baseUrl).call<{ token: string }>(
      'POST',
      '/auth/login',
      { email, password: PASSWORD },
    );
    expect(status).toBe(200);
    return ApiClient.withApiKey(suite.system.baseUrl, body.token);
  };
  const withEnv = (path: string, envId: string) =>
    `${path}${path.includes('?') ? '&' : '?'}envId=${encodeURIComponent(envId)}`;
  const userIdsOf = async (client: ApiClient, path = '/users') =>
    (await client.call<{ users: { id: string }[] }>('GET', path)).body.users.map((u) => u.id);
  const inappSend = (userId: string, title: string) => ({
    type: 'env_check',
    to: { id: userId },
    inapp: { title },
    forceChannels: ['INAPP_WEB'],
  });

  beforeAll(async () => {
    acme = suite.system.createAccount('Acme', 'owner@acme.member-envs.test', {
      password: PASSWORD,
    });
    acmeDefault = ApiClient.withApiKey(suite.system.baseUrl, acme.apiKey);
    const created = await acmeDefault.call<{ clientId: string }>('POST', '/environments', {
      title: 'Staging',
    });
    const [defaultEnvironment] = (
      await acmeDefault.call<{ clientId: string }[]>('GET', '/environments')
    ).body;
    defaultClientId = defaultEnvironment!.clientId;
    const key = await acmeDefault.call<{ key: string }>('POST', '/keys', {
      keyType: 'secret',
      name: 'staging',
      environmentId: created.body.clientId,
    });
    acmeStaging = ApiClient.withApiKey(suite.system.baseUrl, key.body.key);
    // Records carry the environment's envId; GET /environments shows only its clientId.
    const sent = await acmeStaging.call<{ trackingId: string }>(
      'POST',
      '/send',
      inappSend('probe', 'probe'),
    );
    const log = await eventually(async () => {
      const { body } = await acmeStaging.call<{ logs: Json[] }>(
        'GET',
        `/logs/${sent.body.trackingId}`,
      );
      return body.logs[0];
    });
    staging = { clientId: created.body.clientId, envId: log['envId'] as string };
    acmeOwner = await signIn('owner@acme.member-envs.test');

    const account = suite.system.createAccount('Rival', 'owner@rival.member-envs.test', {
      password: PASSWORD,
    });
    const rivalApi = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const [rivalEnvironment] = (await rivalApi.call<{ clientId: string }[]>('GET', '/environments'))
      .body;
    rival = {
      api: rivalApi,
      owner: await signIn('owner@rival.member-envs.test'),
      clientId: rivalEnvironment!.clientId,
    };
  });

  it('writes and reads users of the environment envId names, by clientId or by envId', async () => {
    const identified = await acmeOwner.call<Json>('POST', withEnv('/users/ada', staging.clientId), {
      email: 'ada@acme.member-envs.test',
    });
    expect(identified.status).toBe(200);
    expect(identified.body).toMatchObject({ id: 'ada', email: 'ada@acme.member-envs.test' });

    expect(await userIdsOf(acmeStaging)).toContain('ada');
    expect(await userIdsOf(acmeDefault)).not.toContain('ada');
    expect(await userIdsOf(acmeOwner, withEnv('/users?limit=100', staging.clientId))).toContain(
      'ada',
    );
    expect(await userIdsOf(acmeOwner, withEnv('/users', staging.envId))).toContain('ada');
    expect(await userIdsOf(acmeOwner, withEnv('/users', defaultClientId))).not.toContain('ada');
    const read = await acmeOwner.call<Json>('GET', withEnv('/users/ada', staging.envId));
    expect(read.body).toMatchObject({ id: 'ada', email: 'ada@acme.member-envs.test' });

    await acmeStaging.call('POST', '/users/gone', { email: 'gone@acme.member-envs.test' });
    const deleted = await acmeOwner.call('DELETE', withEnv('/users/gone', staging.clientId));
    expect(deleted.status).toBe(200);
    expect(await userIdsOf(acmeStaging)).not.toContain('gone');
  });

  it('creates types and templates in the environment envId names', async () => {
    const type = await acmeOwner.call<Json>('POST', withEnv('/types', staging.clientId), {
      notificationId: 'staging_only',
      channels: ['INAPP_WEB'],
    });
    expect(type.body).toMatchObject({ notificationId: 'staging_only', envId: staging.envId });
    const templates = '/notifications/staging_only/INAPP_WEB/templates';
    const template = await acmeOwner.call<Json>('POST', withEnv(templates, staging.clientId), {
      templateId: 'first',
      title: 'Staging title',
    });
    expect(template.body).toMatchObject({ templateId: 'first', envId: staging.envId });

    const typeIds = async (client: ApiClient, path = '/types') =>
      (await client.call<{ notificationId: string }[]>('GET', path)).body.map(
        (t) => t.notificationId,
      );
    expect(await typeIds(acmeStaging)).toContain('staging_only');
    expect(await typeIds(acmeDefault)).not.toContain('staging_only');
    expect(await typeIds(acmeOwner, withEnv('/types', staging.envId))).toContain('staging_only');
    const listed = await acmeOwner.call<Json[]>('GET', withEnv(templates, staging.clientId));
    expect(listed.body.map((t) => t['templateId'])).toEqual(['first']);
    expect((await acmeDefault.call('GET', templates)).status).toBe(404);
  });

  it('sends from the environment envId names, and reads the logs of those sends', async () => {
    const sent = await acmeOwner.call<{ trackingId: string }>(
      'POST',
      withEnv('/send', staging.clientId),
      inappSend('ada', 'Sent by a member'),
    );
    expect(sent.status).toBe(200);
    const log = await eventually(async () => {
      const { body } = await acmeOwner.call<{ logs: Json[] }>(
        'GET',
        withEnv(`/logs/${sent.body.trackingId}`, staging.clientId),
      );
      return body.logs[0]?.['inapp_sent_at'] ? body.logs[0] : undefined;
    });
    expect(log).toMatchObject({
      trackingId: sent.body.trackingId,
      accountId: acme.accountId,
      envId: staging.envId,
      clientId: staging.clientId,
    });
    // A query parameter of the operation's own keeps working beside envId.
    const page = await acmeOwner.call<{ messages?: unknown[] }>(
      'GET',
      withEnv('/logs?limit=5', staging.clientId),
    );
    expect(page.status).toBe(200);
  });

  it('answers 400 with a fix when a member session names no environment where one is needed', async () => {
    for (const [method, path, body] of [
      ['GET', '/users', undefined],
      ['GET', '/users/ada', undefined],
      ['DELETE', '/users/ada', undefined],
      ['POST', '/send', inappSend('ada', 'nowhere')],
      ['GET', '/types', undefined],
      ['GET', '/settings/push/fcm', undefined],
      ['GET', `/users?envId=`, undefined],
    ] as const) {
      const answer = await acmeOwner.call<ErrorAnswer>(method, path, body);
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({
        method,
        path,
        status: 400,
        body: {
          trackingId: expect.any(String),
          error: {
            code: 'VALIDATION_FAILED',
            message: expect.stringContaining('envId'),
            fix: expect.stringContaining('envId='),
          },
        },
      });
    }
    expect(await userIdsOf(acmeStaging)).toContain('ada');
    const twice = await acmeOwner.call<ErrorAnswer>(
      'GET',
      `/users?envId=${staging.clientId}&envId=${defaultClientId}`,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toContain('envId');
  });

  it('keeps operations of the whole account working for a member session without envId', async () => {
    expect((await acmeOwner.call('GET', '/environments')).status).toBe(200);
    expect((await acmeOwner.call('GET', '/keys')).status).toBe(200);
    expect((await acmeOwner.call<Json>('GET', '/account')).body).toMatchObject({
      accountId: acme.accountId,
    });
    expect((await acmeOwner.call('GET', '/logs/tail')).status).toBe(200);
  });

  it('refuses a member of another account with 403, whichever way envId names the environment, and changes nothing', async () => {
    const before = await userIdsOf(acmeStaging);
    for (const envId of [staging.clientId, staging.envId, defaultClientId]) {
      for (const [method, path, body] of [
        ['GET', '/users', undefined],
        ['GET', '/users/ada', undefined],
        ['POST', '/users/mallory', { email: 'mallory@rival.member-envs.test' }],
        ['DELETE', '/users/ada', undefined],
        ['POST', '/send', inappSend('ada', 'from a rival')],
        ['POST', '/types', { notificationId: 'rival_type', channels: ['INAPP_WEB'] }],
        ['GET', '/notifications/staging_only/INAPP_WEB/templates', undefined],
        ['GET', '/logs/tail', undefined],
        ['GET', '/environments', undefined],
      ] as const) {
        const answer = await rival.owner.call<ErrorAnswer>(method, withEnv(path, envId), body);
        expect({ method, path, status: answer.status, code: answer.body.error?.code }).toEqual({
          method,
          path,
          status: 403,
          code: 'FORBIDDEN',
        });
        expect(answer.body.error.fix).toEqual(expect.any(String));
      }
    }
    const unknown = await rival.owner.call<ErrorAnswer>('GET', withEnv('/users', 'no-such-env'));
    const foreign = await rival.owner.call<ErrorAnswer>('GET', withEnv('/users', staging.clientId));
    expect(unknown.status).toBe(403);
    // The answer does not tell whether an environment of another account exists.
    expect(unknown.body.error.message).toBe(foreign.body.error.message);

    expect(await userIdsOf(acmeStaging)).toEqual(before);
    const types = (await acmeStaging.call<{ notificationId: string }[]>('GET', '/types')).body;
    expect(types.map((t) => t.notificationId)).not.toContain('rival_type');
    const inbox = await ApiClient.asEndUser(suite.system.baseUrl, staging.clientId, 'ada').call<{
      notifications: { title: string }[];
    }>('GET', '/user/inapp');
    expect(inbox.body.notifications.map((n) => n.title)).not.toContain('from a rival');
    // The rival's own environment is theirs as ever.
    expect((await rival.owner.call('GET', withEnv('/users', rival.clientId))).status).toBe(200);
  });

  it('lets an API key name its own environment, and refuses any other with 403', async () => {
    expect(await userIdsOf(acmeStaging, withEnv('/users', staging.clientId))).toContain('ada');
    expect(await userIdsOf(acmeStaging, withEnv('/users', staging.envId))).toContain('ada');
    for (const [client, envId] of [
      [acmeDefault, staging.clientId],
      [acmeDefault, staging.envId],
      [acmeStaging, defaultClientId],
      [rival.api, staging.clientId],
    ] as const) {
      const listed = await client.call<ErrorAnswer>('GET', withEnv('/users', envId));
      expect({ status: listed.status, code: listed.body.error?.code }).toEqual({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(listed.body.error.fix).toContain('API key');
      const removed = await client.call('DELETE', withEnv('/users/ada', envId));
      expect(removed.status).toBe(403);
    }
    expect(await userIdsOf(acmeStaging)).toContain('ada');
  });
});
