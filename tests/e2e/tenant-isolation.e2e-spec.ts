import { createHmac, generateKeyPairSync } from 'node:crypto';
import { AccountResponseDto, secretHint } from '@clarion/contracts';
import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type ErrorBody = { trackingId: string; error: { code: string; message: string; fix?: string } };
const PASSWORD = 'a long enough password';

/**
 * Two tenants, A and B. For every resource built so far, B tries to read, change and delete A's
 * records through every operation; each attempt finds nothing (404, or 403 where the caller may
 * know the record exists) and A's records stay as they were. Grows with every issue.
 */
describe('tenant isolation', () => {
  const suite = shareSystemForSuite();
  let a: {
    account: AccountResponseDto;
    api: ApiClient;
    member: ApiClient;
    clientId: string;
    secret: string;
  };
  let b: {
    account: AccountResponseDto;
    api: ApiClient;
    member: ApiClient;
    clientId: string;
    secret: string;
  };
  let aTrackingId: string;
  let aKeyId: string;
  let aOwnerId: string;

  async function tenant(name: string, email: string) {
    const account = suite.system.createAccount(name, email, { password: PASSWORD });
    const api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const login = await new ApiClient(suite.system.baseUrl).call<{ token: string }>(
      'POST',
      '/auth/login',
      { email, password: PASSWORD },
    );
    const [environment] = (
      await api.call<{ clientId: string; clientSecret: string }[]>('GET', '/environments')
    ).body;
    return {
      account,
      api,
      member: ApiClient.withApiKey(suite.system.baseUrl, login.body.token),
      clientId: environment!.clientId,
      secret: environment!.clientSecret,
    };
  }

  beforeAll(async () => {
    a = await tenant('Tenant A', 'owner@a.tenants.test');
    b = await tenant('Tenant B', 'owner@b.tenants.test');

    await a.api.call('POST', '/users/shared-id', { email: 'a-user@a.tenants.test' });
    const sent = await a.api.call<{ trackingId: string }>('POST', '/send', {
      type: 'secret',
      to: { id: 'shared-id' },
      inapp: { title: 'for A only' },
    });
    aTrackingId = sent.body.trackingId;
    await eventually(async () => {
      const { body } = await a.api.call<{ logs: Json[] }>('GET', `/logs/${aTrackingId}`);
      return body.logs[0]?.['inapp_delivered_at'] ? true : undefined;
    });
    aKeyId = (await a.api.call<{ keys: { id: string }[] }>('GET', '/keys')).body.keys[0]!.id;
    aOwnerId = (await a.member.call<{ userId: string }[]>('GET', '/members')).body[0]!.userId;
  });

  it('users: B reads a bare user and writes only its own', async () => {
    expect((await b.api.call('GET', '/users/shared-id')).body).toEqual({ id: 'shared-id' });
    await b.api.call('POST', '/users/shared-id', { email: 'b-user@b.tenants.test' });
    expect((await a.api.call<Json>('GET', '/users/shared-id')).body['email']).toBe(
      'a-user@a.tenants.test',
    );
    await b.api.call('DELETE', '/users/shared-id');
    expect((await a.api.call<Json>('GET', '/users/shared-id')).body['email']).toBe(
      'a-user@a.tenants.test',
    );
    const listedByB = (await b.api.call<{ users: Json[] }>('GET', '/users')).body.users;
    expect(listedByB.map((u) => u['email'])).not.toContain('a-user@a.tenants.test');
  });

  it("in-app: B's end users never see A's inbox, whatever the userId", async () => {
    const asB = ApiClient.asEndUser(suite.system.baseUrl, b.clientId, 'shared-id');
    expect((await asB.call('GET', '/user/inapp')).body).toEqual({ notifications: [] });
    expect((await asB.call('GET', '/user/inapp/unread')).body).toEqual({ count: 0 });
    const asA = ApiClient.asEndUser(suite.system.baseUrl, a.clientId, 'shared-id');
    const before = (await asA.call<{ notifications: Json[] }>('GET', '/user/inapp')).body
      .notifications;
    expect(before).toHaveLength(1);
    const archive = { trackingIds: [aTrackingId], archived: '2026-11-21T10:00:00Z' };
    expect((await asB.call('PATCH', '/user/inapp', archive)).status).toBe(404);
    await asB.call('PATCH', '/user/inapp/unread', { trackingId: aTrackingId });
    expect(
      (await asA.call<{ notifications: Json[] }>('GET', '/user/inapp')).body.notifications,
    ).toEqual(before);
  });

  it("types, templates and preferences: B can neither see nor change A's", async () => {
    await a.api.call('POST', '/types', { notificationId: 'secret_type', channels: ['INAPP_WEB'] });
    await a.api.call('POST', '/notifications/secret_type/INAPP_WEB/templates', {
      templateId: 't1',
      title: 'A only',
    });
    await a.api.call('POST', '/users/shared-id/preferences', {
      preferences: [{ notificationId: 'secret_type', channel: 'INAPP_WEB', delivery: 'off' }],
    });
    const types = await b.api.call<Json[]>('GET', '/types');
    expect(types.body.map((t) => t['notificationId'])).not.toContain('secret_type');
    expect((await b.api.call('GET', '/types/secret_type')).status).toBe(404);
    expect((await b.api.call('PATCH', '/types/secret_type', { title: 'B' })).status).toBe(404);
    expect((await b.api.call('DELETE', '/types/secret_type')).status).toBe(404);
    const templates = '/notifications/secret_type/INAPP_WEB/templates';
    expect((await b.api.call('GET', templates)).status).toBe(404);
    expect((await b.api.call('GET', `${templates}/t1`)).status).toBe(404);
    expect((await b.api.call('PATCH', `${templates}/t1`, { title: 'B' })).status).toBe(404);
    expect((await b.api.call('DELETE', `${templates}/t1`)).status).toBe(404);
    expect(
      (await b.api.call('PATCH', `${templates}/default-selection`, { templateId: 't1' })).status,
    ).toBe(404);
    expect(
      (await b.api.call<{ preferences: Json[] }>('GET', '/users/shared-id/preferences')).body,
    ).toEqual({ preferences: [], subNotifications: [] });
    await b.api.call('DELETE', '/users/shared-id/preferences');
    const ours = await a.api.call<Json[]>('GET', '/types/secret_type');
    expect(ours.body).toEqual([
      expect.objectContaining({
        title: 'secret_type',
        templates: [{ channel: 'INAPP_WEB', templateIds: ['t1'] }],
      }),
    ]);
    expect((await a.api.call('GET', `${templates}/t1`)).body).toMatchObject({ title: 'A only' });
    expect(
      (await a.api.call<{ preferences: Json[] }>('GET', '/users/shared-id/preferences')).body
        .preferences,
    ).toHaveLength(1);
  });

  it("sub-notifications and retraction: B can neither see, remove nor retract A's", async () => {
    const path = '/types/secret_type/subNotifications/project-a';
    expect((await a.api.call('PUT', path, { title: 'A project' })).status).toBe(200);
    expect((await b.api.call('PUT', path, { title: 'B project' })).status).toBe(404);
    expect((await b.api.call('DELETE', path)).status).toBe(404);
    const { body } = await b.api.call<{ subNotifications: Json[] }>(
      'GET',
      '/users/shared-id/preferences',
    );
    expect(body.subNotifications).toEqual([]);
    expect(
      (
        await b.api.call('POST', '/sender/retract', {
          notificationId: 'secret',
          userId: 'shared-id',
        })
      ).body,
    ).toEqual({ success: true, removed: 0, canceled: 0 });
    const asA = ApiClient.asEndUser(suite.system.baseUrl, a.clientId, 'shared-id');
    const inbox = (await asA.call<{ notifications: Json[] }>('GET', '/user/inapp')).body;
    expect(inbox.notifications.map((n) => n['id'])).toContain(aTrackingId);
    expect(
      (await a.api.call<{ subNotifications: Json[] }>('GET', '/users/shared-id/preferences')).body
        .subNotifications,
    ).toEqual([
      { notificationId: 'secret_type', subNotificationId: 'project-a', title: 'A project' },
    ]);
  });

  it("the hosted service's /{clientId}/… routes: B's credentials never act on A's clientId", async () => {
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    const asB = new ApiClient(suite.system.baseUrl, basic(`${b.clientId}:${b.secret}`));
    const retract = { notificationId: 'secret', userId: 'shared-id' };
    expect((await asB.call('POST', `/${a.clientId}/sender/retract`, retract)).status).toBe(403);
    expect((await asB.call('POST', `/${a.clientId}/user_preferences/shared-id`, [])).status).toBe(
      403,
    );
    expect(
      (await asB.call('DELETE', `/${a.clientId}/schedule/0192f0c4-0000-7000-8000-000000000000`))
        .status,
    ).toBe(403);
    // B's end-user credentials for A's clientId carry B's hmac, which A's secret does not make.
    const hmacOf = (secret: string, userId: string) =>
      createHmac('sha256', secret).update(userId).digest('base64');
    const forged = new ApiClient(
      suite.system.baseUrl,
      basic(`${a.clientId}:shared-id:${hmacOf(b.secret, 'shared-id')}`),
    );
    expect(
      (await forged.call('POST', `/${a.clientId}/users/shared-id`, { email: 'b@b.tenants.test' }))
        .status,
    ).toBe(401);
    const ownHmac = new ApiClient(
      suite.system.baseUrl,
      basic(`${b.clientId}:shared-id:${hmacOf(b.secret, 'shared-id')}`),
    );
    expect(
      (await ownHmac.call('POST', `/${a.clientId}/users/shared-id`, { email: 'b@b.tenants.test' }))
        .status,
    ).toBe(403);
    expect(
      (await ownHmac.call('POST', `/${b.clientId}/users/other-id`, { email: 'b@b.tenants.test' }))
        .status,
    ).toBe(403);
    expect((await a.api.call<Json>('GET', '/users/shared-id')).body['email']).toBe(
      'a-user@a.tenants.test',
    );
    const asA = ApiClient.asEndUser(suite.system.baseUrl, a.clientId, 'shared-id');
    const inbox = (await asA.call<{ notifications: Json[] }>('GET', '/user/inapp')).body;
    expect(inbox.notifications.map((n) => n['id'])).toContain(aTrackingId);
  });

  it("delivery settings: B never sees or removes A's push credentials, and gets its own VAPID key", async () => {
    const apn = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const saved = await a.api.call('PUT', '/settings/push/apn', {
      teamId: 'TEAMAAAAAA',
      keyId: 'KEYAAAAAAA',
      bundleId: 'com.tenant.a',
      privateKey: apn.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    expect(saved.body).toMatchObject({ configured: true, bundleId: 'com.tenant.a' });
    expect((await b.api.call('GET', '/settings/push/apn')).body).toEqual({
      configured: false,
      KeyId: '',
      Key: '',
      TeamId: '',
      Topic: '',
    });
    await b.api.call('DELETE', '/settings/push/apn');
    expect((await a.api.call('GET', '/settings/push/apn')).body).toMatchObject({
      configured: true,
      teamId: 'TEAMAAAAAA',
    });
    const keyOf = async (api: ApiClient) =>
      (await api.call<{ userAccountMetadata: Json }>('GET', '/users/account-metadata')).body
        .userAccountMetadata['environmentVapidPublicKey'];
    expect(await keyOf(a.api)).not.toEqual(await keyOf(b.api));
  });

  it("events webhooks: B can neither see nor remove A's configuration", async () => {
    const saved = await a.api.call<Json>('PUT', '/webhooks/events', {
      webhook: 'https://203.0.113.10/clarion',
      events: ['SMS_FAILED'],
    });
    expect(saved.status).toBe(200);
    expect((await b.api.call('GET', '/webhooks/events')).status).toBe(404);
    expect((await b.api.call('DELETE', '/webhooks/events')).status).toBe(404);
    expect((await a.api.call('GET', '/webhooks/events')).body).toEqual({
      ...saved.body,
      secret: secretHint(String(saved.body['secret'])),
    });
  });

  it("phone numbers: B can neither see, release nor take A's numbers", async () => {
    const search = '/numbers/available?countryCode=US&areaCode=312&limit=1';
    const [offered] = (await a.api.call<{ numbers: Json[] }>('GET', search)).body.numbers;
    const phoneNumber = offered!['phoneNumber'] as string;
    expect((await a.api.call('POST', '/numbers/order', { phoneNumber })).status).toBe(200);
    const aNumbers = (await a.api.call<{ numbers: Json[] }>('GET', '/numbers/list')).body.numbers;
    expect(aNumbers.map((n) => n['phoneNumber'])).toEqual([phoneNumber]);

    expect((await b.api.call<{ numbers: Json[] }>('GET', '/numbers/list')).body.numbers).toEqual(
      [],
    );
    const offeredToB = (await b.api.call<{ numbers: Json[] }>('GET', search)).body.numbers;
    expect(offeredToB.map((n) => n['phoneNumber'])).not.toContain(phoneNumber);
    expect((await b.api.call('DELETE', `/numbers/${phoneNumber}`)).status).toBe(404);
    expect((await b.api.call('POST', '/numbers/order', { phoneNumber })).status).toBe(409);
    expect((await a.api.call<{ numbers: Json[] }>('GET', '/numbers/list')).body.numbers).toEqual(
      aNumbers,
    );

    // Released by A, the number stays A's for 2 weeks: B neither sees nor gets it.
    expect((await a.api.call('DELETE', `/numbers/${phoneNumber}`)).status).toBe(200);
    expect((await b.api.call<{ numbers: Json[] }>('GET', '/numbers/released')).body).toEqual({
      numbers: [],
    });
    expect((await b.api.call('DELETE', `/numbers/${phoneNumber}`)).status).toBe(404);
    expect((await b.api.call('POST', '/numbers/order', { phoneNumber })).status).toBe(409);
    const reactivated = await a.api.call<Json>('POST', '/numbers/order', { phoneNumber });
    expect(reactivated.body).toMatchObject({ phoneNumber, reactivated: true });
    expect((await a.api.call<{ numbers: Json[] }>('GET', '/numbers/list')).body.numbers).toEqual(
      aNumbers,
    );
  });

  it("SMS sender: A sends from its own numbers only, never from B's nor from one on no account", async () => {
    const orderNumber = async (tenant: typeof a, areaCode: string) => {
      const search = `/numbers/available?countryCode=US&areaCode=${areaCode}&limit=1`;
      const [offered] = (await tenant.api.call<{ numbers: Json[] }>('GET', search)).body.numbers;
      const phoneNumber = offered!['phoneNumber'] as string;
      expect((await tenant.api.call('POST', '/numbers/order', { phoneNumber })).status).toBe(200);
      return phoneNumber;
    };
    const bNumber = await orderNumber(b, '206');
    const aNumber = await orderNumber(a, '303');
    const to = '+15557650001';
    const sms = (from: string) =>
      a.api.call<ErrorBody>('POST', '/sms', { type: 'sender', to, message: 'hi', from });
    const send = (from: string, schedule?: string) =>
      a.api.call<ErrorBody>('POST', '/send', {
        type: 'sender',
        to: { id: 'sms-user', number: to },
        forceChannels: ['SMS'],
        sms: { message: 'hi', from },
        ...(schedule !== undefined && { schedule }),
      });
    const expectSenderRefused = (answer: { status: number; body: ErrorBody }, from: string) => {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        trackingId: expect.any(String),
        error: {
          code: 'VALIDATION_FAILED',
          message: expect.stringContaining(from),
          fix: expect.stringContaining('GET /numbers/list'),
        },
      });
    };

    for (const from of [bNumber, '+14155559876']) {
      expectSenderRefused(await sms(from), from);
      expectSenderRefused(await send(from), from);
      expectSenderRefused(await send(from, new Date(Date.now() + 3_600_000).toISOString()), from);
    }
    // A scheduled send cannot be changed to send from B's number either.
    const scheduled = await send(aNumber, new Date(Date.now() + 3_600_000).toISOString());
    expect(scheduled.status).toBe(200);
    const changed = await a.api.call<ErrorBody>(
      'PUT',
      `/sender/scheduler/${scheduled.body.trackingId}`,
      { type: 'sender', to: { id: 'sms-user', number: to }, sms: { message: 'hi', from: bNumber } },
    );
    expectSenderRefused(changed, bNumber);

    const own = await sms(aNumber);
    expect(own.status).toBe(200);
    const [attempt] = await eventually(async () => {
      const rows: { details: { sandbox?: { content: Json } } }[] = await suite.database.query(
        `SELECT details FROM delivery.delivery_attempts WHERE tracking_id = $1 AND state = 'sent'`,
        [own.body.trackingId],
      );
      return rows.length > 0 ? rows : undefined;
    });
    expect(attempt!.details.sandbox?.content['from']).toBe(aNumber);
    const sentFromOthers = await suite.database.query(
      `SELECT tracking_id FROM delivery.delivery_attempts
        WHERE details->'sandbox'->'content'->>'from' <> $1 AND account_id IN ($2, $3)`,
      [aNumber, a.account.accountId, b.account.accountId],
    );
    expect(sentFromOthers).toEqual([]);

    // Released, the number is no longer A's to send from: a new send is refused, and the send
    // scheduled before the release fails at delivery rather than going out from it.
    expect((await a.api.call('DELETE', `/numbers/${aNumber}`)).status).toBe(200);
    expectSenderRefused(await sms(aNumber), aNumber);
    const basic = `Basic ${Buffer.from(`${a.clientId}:${a.secret}`).toString('base64')}`;
    const dueNow = await new ApiClient(suite.system.baseUrl, basic).call(
      'PATCH',
      `/${a.clientId}/schedule/${scheduled.body.trackingId}`,
      { schedule: new Date(Date.now() + 1_000).toISOString() },
    );
    expect(dueNow.status).toBe(200);
    const failed = await eventually(async () => {
      const { body } = await a.api.call<{ logs: Json[] }>(
        'GET',
        `/logs/${scheduled.body.trackingId}`,
      );
      return body.logs[0]?.['sms_failed_code'] === undefined ? undefined : body.logs[0];
    });
    expect(failed).toMatchObject({ sms_failed_code: 'SENDER_NOT_OWNED' });
    expect(String(failed['sms_failed_reason'] ?? JSON.stringify(failed))).toContain(aNumber);
    expect(
      await suite.database.query(
        `SELECT 1 FROM delivery.delivery_attempts WHERE tracking_id = $1 AND state = 'sent'`,
        [scheduled.body.trackingId],
      ),
    ).toEqual([]);
  });

  it("voice: B can neither see, change, delete nor bind to A's agents, nor see A's calls", async () => {
    const spec = {
      name: 'A agent',
      instructions: 'Only for A.',
      inbound: { firstAction: 'speak', greeting: 'A speaking.' },
      outbound: { firstAction: 'wait', opener: '', voicemailAction: 'hangup' },
      model: { mode: 'realtime', model: 'openai:gpt-realtime', voiceId: 'marin' },
      tools: [],
      variables: [],
      conversation: {
        turnDetection: 'vad',
        minEndOfTurnSilenceMs: 500,
        allowInterruptions: false,
        minInterruptionDurationMs: 0,
        silenceTimeoutSeconds: 10,
        maxCallLengthSeconds: 60,
      },
      compliance: { recordingEnabled: false },
    };
    const created = await a.api.call<{ agent: { agentId: string } }>('POST', '/voice/agents', {
      spec,
    });
    const { agentId } = created.body.agent;
    const search = '/numbers/available?countryCode=US&areaCode=718&limit=1';
    const [offered] = (await a.api.call<{ numbers: Json[] }>('GET', search)).body.numbers;
    const phoneNumber = offered!['phoneNumber'] as string;
    expect((await a.api.call('POST', '/numbers/order', { phoneNumber })).status).toBe(200);
    expect(
      (await a.api.call('POST', `/voice/agents/${agentId}/numbers`, { phoneNumber })).status,
    ).toBe(200);
    const call = await a.api.call<{ trackingId: string }>('POST', '/voice/call', {
      phoneNumber: '+14155550142',
      spec,
      agentId,
    });
    const agentPath = `/voice/agents/${agentId}`;
    const aAgent = (await a.api.call<Json>('GET', agentPath)).body;

    expect((await b.api.call<{ agents: Json[] }>('GET', '/voice/agents')).body.agents).toEqual([]);
    expect((await b.api.call('GET', agentPath)).status).toBe(404);
    expect((await b.api.call('PUT', agentPath, { spec: { ...spec, name: 'B' } })).status).toBe(404);
    expect((await b.api.call('DELETE', agentPath)).status).toBe(404);
    expect((await b.api.call('DELETE', `${agentPath}/numbers/${phoneNumber}`)).status).toBe(404);
    expect((await b.api.call('POST', `${agentPath}/numbers`, { phoneNumber })).status).toBe(404);
    const bAgent = await b.api.call<{ agent: { agentId: string } }>('POST', '/voice/agents', {
      spec,
    });
    const bBind = await b.api.call('POST', `/voice/agents/${bAgent.body.agent.agentId}/numbers`, {
      phoneNumber,
    });
    expect(bBind.status).toBe(404);
    expect(
      (await b.api.call('POST', '/voice/call', { phoneNumber: '+14155550142', spec, agentId }))
        .status,
    ).toBe(404);
    expect((await b.api.call('GET', `/voice/calls/${call.body.trackingId}`)).status).toBe(404);
    expect((await b.api.call<{ calls: Json[] }>('GET', '/voice/calls')).body.calls).toEqual([]);
    expect(
      (await b.api.call<{ calls: Json[] }>('GET', `/voice/calls?agentId=${agentId}`)).body.calls,
    ).toEqual([]);

    expect((await a.api.call<Json>('GET', agentPath)).body).toEqual(aAgent);
    const aCalls = await a.api.call<{ calls: Json[] }>('GET', `/voice/calls?agentId=${agentId}`);
    expect(aCalls.body.calls.map((listed) => listed['trackingId'])).toEqual([call.body.trackingId]);
  });

  it("log lists and queries: B never sees A's sends nor A's query", async () => {
    const steps = await b.api.call<{ messages: Json[] }>('GET', '/logs?limit=500');
    expect(steps.body.messages.map((m) => m['trackingId'])).not.toContain(aTrackingId);
    const tail = await b.api.call<{ logs: Json[] }>('GET', '/logs/tail');
    expect(tail.body.logs.map((log) => log['trackingId'])).not.toContain(aTrackingId);
    const { queryId } = (await a.api.call<{ queryId: string }>('POST', '/logs/query', {})).body;
    expect((await b.api.call('GET', `/logs/query/${queryId}`)).status).toBe(404);
    const own = (await b.api.call<{ queryId: string }>('POST', '/logs/query', {})).body.queryId;
    const result = await eventually(async () => {
      const { body } = await b.api.call<{ status: string; logs?: Json[] }>(
        'GET',
        `/logs/query/${own}`,
      );
      return body.status === 'Complete' ? body : undefined;
    });
    expect(result.logs?.map((log) => log['trackingId'])).not.toContain(aTrackingId);
  });

  it("logs: B's lookup of A's trackingId finds no record", async () => {
    expect((await b.api.call('GET', `/logs/${aTrackingId}`)).body).toEqual({ logs: [] });
    expect(
      (await a.api.call<{ logs: Json[] }>('GET', `/logs/${aTrackingId}`)).body.logs,
    ).toHaveLength(1);
  });

  it("environments: B can neither list, change nor use A's environment", async () => {
    const listed = (await b.api.call<{ clientId: string }[]>('GET', '/environments')).body;
    expect(listed.map((e) => e.clientId)).toEqual([b.clientId]);
    expect(
      (
        await b.api.call('PATCH', `/environments/${a.clientId}`, {
          title: 'taken',
          resetSecret: true,
        })
      ).status,
    ).toBe(404);
    const mixed = new ApiClient(
      suite.system.baseUrl,
      `Basic ${Buffer.from(`${a.clientId}:${b.secret}`).toString('base64')}`,
    );
    expect((await mixed.call('GET', '/environments')).status).toBe(401);
    const aEnvironment = (
      await a.api.call<{ title: string; clientSecret: string }[]>('GET', '/environments')
    ).body[0]!;
    expect(aEnvironment).toMatchObject({ title: 'Default', clientSecret: a.secret });
  });

  it('keys: B can neither list, revoke nor mint keys of A', async () => {
    const listed = (await b.api.call<{ keys: { id: string }[] }>('GET', '/keys')).body.keys;
    expect(listed.map((k) => k.id)).not.toContain(aKeyId);
    expect((await b.api.call('DELETE', `/keys/${aKeyId}`)).status).toBe(404);
    expect(
      (
        await b.api.call('POST', '/keys', {
          keyType: 'secret',
          name: 'x',
          environmentId: a.clientId,
        })
      ).status,
    ).toBe(404);
    expect((await a.api.call('GET', '/environments')).status).toBe(200);
  });

  it("members: B's owner can neither see, change nor remove A's members", async () => {
    const listed = (await b.member.call<{ userId: string }[]>('GET', '/members')).body;
    expect(listed.map((m) => m.userId)).not.toContain(aOwnerId);
    expect((await b.member.call('PATCH', `/members/${aOwnerId}`, { role: 'admin' })).status).toBe(
      404,
    );
    expect((await b.member.call('DELETE', `/members/${aOwnerId}`)).status).toBe(404);
    const aMembers = (await a.member.call<Json[]>('GET', '/members')).body;
    expect(aMembers).toEqual([expect.objectContaining({ userId: aOwnerId, role: 'owner' })]);
  });

  it("organization: B reads its own organization, usage and auto-join domains, never A's", async () => {
    await a.member.call('POST', '/members/autojoin', { domains: ['a.tenants.test'] });
    const autoJoin = await b.member.call<Json>('GET', '/members/autojoin');
    expect(autoJoin.body).toEqual({ organizationId: b.account.accountId, domains: [] });
    const organization = await b.api.call<Json>('GET', '/account/organization');
    expect(organization.body).toMatchObject({
      organizationId: b.account.accountId,
      name: 'Tenant B',
    });
    const usage = await b.api.call<Json>('GET', '/organization/usage');
    expect(usage.body).toMatchObject({ messageUsage: 0, channelUsages: {} });
    // Someone of A's auto-join domain cannot join B by naming it.
    suite.system.createAccount('Joiner', 'joiner@a.tenants.test', { password: PASSWORD });
    const intoB = await new ApiClient(suite.system.baseUrl).call('POST', '/auth/login', {
      email: 'joiner@a.tenants.test',
      password: PASSWORD,
      accountId: b.account.accountId,
    });
    expect(intoB.status).toBe(403);
    // Nor does someone who changed their email onto A's domain (unproven: no email is sent) join A.
    suite.system.createAccount('Claimer', 'claimer@c.tenants.test', { password: PASSWORD });
    const signIn = (email: string, accountId?: string) =>
      new ApiClient(suite.system.baseUrl).call<{ token: string }>('POST', '/auth/login', {
        email,
        password: PASSWORD,
        ...(accountId && { accountId }),
      });
    const claimer = ApiClient.withApiKey(
      suite.system.baseUrl,
      (await signIn('claimer@c.tenants.test')).body.token,
    );
    expect(
      (await claimer.call('POST', '/profile/change-email', { newEmail: 'claimer@a.tenants.test' }))
        .status,
    ).toBe(200);
    expect((await signIn('claimer@a.tenants.test', a.account.accountId)).status).toBe(403);
    expect((await signIn('claimer@a.tenants.test')).status).toBe(200);
  });

  it("10DLC registrations: B never sees nor changes A's brand or campaign", async () => {
    const brandPath = '/registrations/us/10dlc/brand';
    const campaignPath = '/registrations/us/10dlc/campaign';
    const aBrand = await a.api.call<Json>('POST', brandPath, {
      scenarioId: 'own_brand',
      businessType: 'PRIVATE_PROFIT',
      legalName: 'Tenant A Inc.',
      taxId: '12-3456789',
      website: 'https://a.example.com',
      country: 'US',
      complianceContactEmail: 'compliance@a.tenants.test',
      complianceContactPhone: '+14155550100',
    });
    expect(aBrand.status).toBe(200);
    const aCampaign = await a.api.call<Json>('PATCH', campaignPath, {
      campaignDescription: 'A only',
    });
    expect(aCampaign.status).toBe(200);

    expect((await b.api.call('GET', brandPath)).body).toBeNull();
    expect((await b.api.call('GET', campaignPath)).body).toBeNull();
    expect((await b.api.call('PATCH', brandPath, { legalName: 'Taken' })).status).toBe(404);
    expect((await b.api.call('PATCH', campaignPath, { campaignDescription: 'B' })).status).toBe(
      409,
    );
    const bBrand = await b.api.call<Json>('POST', brandPath, {
      scenarioId: 'own_brand',
      businessType: 'SOLE_PROPRIETOR',
      legalName: 'Tenant B',
      firstName: 'Bea',
      lastName: 'B',
      website: 'https://b.example.com',
      country: 'US',
      complianceContactEmail: 'compliance@b.tenants.test',
      complianceContactPhone: '+14155550101',
    });
    expect(bBrand.body).toMatchObject({
      accountId: b.account.accountId,
      campaignStatus: 'not_started',
    });

    expect((await a.api.call('GET', brandPath)).body).toEqual({
      ...aBrand.body,
      campaignStatus: 'pending_review',
    });
    expect((await a.api.call('GET', campaignPath)).body).toEqual(aCampaign.body);
  });

  it("accounts: B can neither sign in to A's account nor bill a new account to it", async () => {
    const signIn = await new ApiClient(suite.system.baseUrl).call('POST', '/auth/login', {
      email: 'owner@b.tenants.test',
      password: PASSWORD,
      accountId: a.account.accountId,
    });
    expect(signIn.status).toBe(403);
    const billed = await b.member.call('POST', '/accounts', {
      name: 'Free ride',
      plan: { tier: 'budget_5000', sourceBillingAccountId: a.account.accountId },
    });
    expect(billed.status).toBe(403);
    expect((await b.api.call<Json>('GET', '/account')).body['accountId']).toBe(b.account.accountId);
  });
});
