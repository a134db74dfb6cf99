import { AccountResponseDto } from '@clarion/contracts';
import {
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  OtlpReceiver,
  RunningSystem,
  TestDatabase,
} from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

describe('the whole system: one send from the public API to the inbox and the log', () => {
  const namespace = createTestNamespace();
  const traces = new OtlpReceiver();
  let database: TestDatabase;
  let system: RunningSystem;
  let account: AccountResponseDto;
  let api: ApiClient;
  let clientId: string;
  let sentTrackingId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const endpoint = await traces.start();
    system = new RunningSystem({
      databaseUrl: database.url,
      namespace,
      extraEnv: {
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_BSP_SCHEDULE_DELAY: '200',
        // The receiver reads JSON rather than the default protobuf.
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      },
    });
    await system.start();
    account = system.createAccount('Acme', 'owner@acme.test');
    api = ApiClient.withApiKey(system.baseUrl, account.apiKey);
    const environments = await api.call<{ clientId: string; clientSecret: string }[]>(
      'GET',
      '/environments',
    );
    clientId = environments.body[0]!.clientId;
  });

  afterAll(async () => {
    const exitCode = await system.stop();
    await traces.stop();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
    expect(exitCode).toBe(0);
  });

  it('reports all eight services ready', async () => {
    const { status, body } = await new ApiClient(system.baseUrl).call<{
      services: Json;
      notReady: string[];
    }>('GET', '/status');
    expect(status).toBe(200);
    expect(Object.keys(body.services).sort()).toEqual([
      'billing',
      'delivery-workers',
      'gateway',
      'logs',
      'notifications',
      'numbers',
      'registrations',
      'voice',
    ]);
    expect(Object.values(body.services).every((state) => state === 'ready')).toBe(true);
    expect(body.notReady).toEqual([]);
  });

  it('prints a clarion_sk_ key with the account, and lists the environment with that key', async () => {
    expect(account).toMatchObject({ name: 'Acme', status: 'verified' });
    expect(account.apiKey).toMatch(/^clarion_sk_/);
    const { status, body } = await api.call<Json[]>('GET', '/environments');
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({
      clientId,
      title: 'Default',
      secureMode: false,
      disableSending: [],
    });
    expect(body[0]!['clientSecret']).toEqual(expect.any(String));
  });

  it('delivers a send to the inbox, counts it unread, creates the user and logs it, as one trace', async () => {
    const sent = await api.call<{ trackingId: string; messages: string[] }>('POST', '/send', {
      type: 'welcome',
      to: { id: 'ada', email: 'ada@example.test' },
      forceChannels: ['INAPP_WEB'],
      inapp: { title: 'Welcome, {{name}}!' },
      parameters: { name: 'Ada' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      trackingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      messages: expect.any(Array),
    });
    const { trackingId } = sent.body;
    sentTrackingId = trackingId;

    const endUser = ApiClient.asEndUser(system.baseUrl, clientId, 'ada');
    const inbox = await eventually(async () => {
      const { body } = await endUser.call<{ notifications: Json[] }>('GET', '/user/inapp');
      return body.notifications.length > 0 ? body.notifications : undefined;
    });
    expect(inbox[0]).toMatchObject({
      id: trackingId,
      title: 'Welcome, Ada!',
      notificationId: 'welcome',
      seen: false,
    });
    await expect(endUser.call('GET', '/user/inapp/unread')).resolves.toEqual({
      status: 200,
      body: { count: 1 },
    });

    const user = await api.call('GET', '/users/ada');
    expect(user).toMatchObject({ status: 200, body: { id: 'ada', email: 'ada@example.test' } });

    const log = await eventually(async () => {
      const { body } = await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`);
      return body.logs[0]?.['inapp_delivered_at'] ? body.logs[0] : undefined;
    });
    expect(log).toMatchObject({
      trackingId,
      accountId: account.accountId,
      type: 'welcome',
      user_id: 'ada',
      inapp_routing: 'SEND',
    });
    expect(log['inapp_sent_at']).toEqual(expect.any(String));
    expect(log['received_at']).toEqual(expect.any(String));

    const servicesInTrace = await eventually(
      () => {
        const gatewaySpan = traces.spans.find(
          (s) => s.service === 'gateway' && s.name === 'POST /send',
        );
        if (!gatewaySpan) return undefined;
        const services = new Set(
          traces.spans.filter((s) => s.traceId === gatewaySpan.traceId).map((s) => s.service),
        );
        // An in-app send never reaches delivery-workers: notifications stores it, logs records it
        // and billing meters it, from the one event that carries its steps.
        return ['gateway', 'notifications', 'logs', 'billing'].every((s) => services.has(s))
          ? services
          : undefined;
      },
      { timeoutMs: 15_000 },
    );
    expect([...servicesInTrace]).toEqual(
      expect.arrayContaining(['gateway', 'notifications', 'logs', 'billing']),
    );
  });

  it('names the spans of a send by operation, with its trackingId, tenant and type, and its database work inside', async () => {
    const trace = await eventually(() => {
      const root = traces.spans.find(
        (s) =>
          s.attributes['clarion.tracking_id'] === sentTrackingId && s.parentSpanId === undefined,
      );
      const spans = root ? traces.spans.filter((s) => s.traceId === root.traceId) : [];
      return spans.some((s) => s.name === 'inbox store') ? { root, spans } : undefined;
    });
    expect(trace.root).toMatchObject({
      service: 'gateway',
      name: 'POST /send',
      statusCode: 0,
      attributes: expect.objectContaining({
        'http.route': '/send',
        'clarion.account_id': account.accountId,
        'clarion.notification_type': 'welcome',
      }),
    });
    const processing = trace.spans.find((s) => s.name === 'sends.accepted process');
    expect(processing).toMatchObject({
      service: 'notifications',
      attributes: expect.objectContaining({
        'clarion.tracking_id': sentTrackingId,
        'clarion.account_id': account.accountId,
        'clarion.notification_type': 'welcome',
      }),
    });
    const store = trace.spans.find((s) => s.name === 'inbox store')!;
    const queries = trace.spans.filter(
      (s) => s.service === 'notifications' && s.attributes['db.system.name'] === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((q) => q.parentSpanId === store.spanId)).toBe(true);
    expect(trace.spans.filter((s) => s.statusCode === 2)).toEqual([]);
    // The log's consumer takes `evt.>`: its span is named after what came, not after `evt.>`.
    await eventually(() =>
      traces.spans.find(
        (s) =>
          s.service === 'logs' && s.traceId === trace.root?.traceId && s.name.endsWith(' process'),
      ),
    );
    expect(traces.spans.filter((s) => /[*>]/.test(s.name)).map((s) => s.name)).toEqual([]);
  });

  it('keeps probes out of traces, and a refused key is the answer, not an error', async () => {
    const before = traces.spans.length;
    await new ApiClient(system.baseUrl).call('GET', '/status');
    const refused = await ApiClient.withApiKey(system.baseUrl, 'clarion_sk_not-a-key').call(
      'GET',
      '/users/ada',
    );
    expect(refused.status).toBe(401);
    const statusSpan = await eventually(() =>
      traces.spans.slice(before).find((s) => s.name === 'GET /status'),
    );
    const refusedSpan = await eventually(() =>
      traces.spans.slice(before).find((s) => s.name === 'GET /users/:userId'),
    );
    expect(traces.spans.filter((s) => s.traceId === statusSpan.traceId)).toHaveLength(1);
    expect(traces.spans.some((s) => s.name.includes('health.check'))).toBe(false);
    expect(refusedSpan).toMatchObject({ statusCode: 0 });
    const refusedTrace = traces.spans.filter((s) => s.traceId === refusedSpan.traceId);
    expect(refusedTrace.filter((s) => s.statusCode === 2)).toEqual([]);
  });

  it('serves Prometheus metrics on every health port: requests, sends, consumer lag, the pool and the process', async () => {
    const scrape = async (service: Parameters<RunningSystem['healthUrlOf']>[0]) => {
      const response = await fetch(`${system.healthUrlOf(service)}/metrics`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const gateway = await scrape('gateway');
    expect(gateway).toMatch(/^clarion_sends_accepted_total(\{[^}]*\})? [1-9]/m);
    expect(gateway).toMatch(
      /^http_server_request_duration_seconds_count\{[^}]*http_route="\/send"[^}]*http_response_status_code="200"[^}]*\} [1-9]/m,
    );
    expect(gateway).toMatch(/^process_resident_memory_bytes(\{[^}]*\})? \d+/m);
    const notifications = await scrape('notifications');
    expect(notifications).toMatch(
      /^clarion_deliveries_routed_total\{[^}]*channel="INAPP_WEB"[^}]*\} [1-9]/m,
    );
    expect(notifications).toMatch(
      /^clarion_delivery_attempts_total\{[^}]*channel="INAPP_WEB"[^}]*outcome="sent"[^}]*\} [1-9]/m,
    );
    expect(notifications).toMatch(
      /^clarion_jetstream_consumer_pending\{[^}]*stream="SENDS"[^}]*\} 0/m,
    );
    expect(notifications).toMatch(/^clarion_db_pool_connections\{[^}]*state="total"[^}]*\} [1-9]/m);
    expect(notifications).toMatch(/^nodejs_eventloop_lag_seconds\{[^}]*stat="p99"[^}]*\} /m);
    for (const service of [
      'billing',
      'logs',
      'delivery-workers',
      'numbers',
      'voice',
      'registrations',
    ] as const) {
      expect(await scrape(service)).toMatch(
        /^process_cpu_seconds_total\{[^}]*state="user"[^}]*\} /m,
      );
    }
  });

  it('creates and reads users through UserIdentify and UserGetUser', async () => {
    const identified = await api.call('POST', '/users/bob', {
      email: 'bob@example.test',
      timezone: 'Europe/Berlin',
    });
    expect(identified).toMatchObject({
      status: 200,
      body: { id: 'bob', email: 'bob@example.test', timezone: 'Europe/Berlin' },
    });
    expect((identified.body as Json)['lastSeenTime']).toEqual(expect.any(String));
    await expect(api.call('GET', '/users/bob')).resolves.toMatchObject({
      body: { id: 'bob', timezone: 'Europe/Berlin' },
    });
    await expect(api.call('GET', '/users/nobody')).resolves.toEqual({
      status: 200,
      body: { id: 'nobody' },
    });
  });

  it.each([
    ['a wrong type', { type: 42, to: { id: 'u' } }, 'type must be a string'],
    ['an unknown channel', { type: 't', to: { id: 'u' }, forceChannels: ['FAX'] }, 'forceChannels'],
    [
      'a malformed email',
      { type: 't', to: { email: 'not-an-email' } },
      'to.email must be an email',
    ],
    ['an unknown field', { type: 't', to: { id: 'u' }, sendNow: true }, 'sendNow'],
    ['no recipient', { type: 't', to: {} }, 'to needs an id, an email or a number'],
  ])('answers a send with %s with 400 naming the field', async (_, body, named) => {
    const { status, body: answer } = await api.call<{ trackingId: string; error: Json }>(
      'POST',
      '/send',
      body,
    );
    expect(status).toBe(400);
    expect(answer.trackingId).toEqual(expect.any(String));
    expect(answer.error['code']).toBe('VALIDATION_FAILED');
    expect(answer.error['message']).toContain(named);
  });

  it('answers broken JSON with 400 INVALID_JSON and an unknown route with 404, in the envelope', async () => {
    const broken = await api.call<{ error: Json }>('POST', '/send', undefined, '{"type": "t",');
    expect(broken.status).toBe(400);
    expect(broken.body.error['code']).toBe('INVALID_JSON');
    const missing = await api.call<{ trackingId: string; error: Json }>('GET', '/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      trackingId: expect.any(String),
      error: { code: 'ROUTE_NOT_FOUND' },
    });
  });

  it('answers missing, malformed and unknown credentials with 401 in the envelope', async () => {
    for (const client of [
      new ApiClient(system.baseUrl),
      new ApiClient(system.baseUrl, 'Token abc'),
      ApiClient.withApiKey(system.baseUrl, 'clarion_sk_doesnotexist'),
    ]) {
      const { status, body } = await client.call<{ error: Json }>('POST', '/send', {
        type: 't',
        to: { id: 'u' },
      });
      expect(status).toBe(401);
      expect(body.error['code']).toBe('UNAUTHORIZED');
    }
    const stranger = ApiClient.asEndUser(system.baseUrl, 'unknown-client', 'ada');
    await expect(stranger.call('GET', '/user/inapp')).resolves.toMatchObject({ status: 401 });
  });

  it('keeps tenants apart: another account sees neither the logs nor the users nor the inbox', async () => {
    const sent = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'private',
      to: { id: 'carol' },
      inapp: { title: 'only for Acme' },
    });
    await eventually(async () =>
      (await api.call<{ logs: Json[] }>('GET', `/logs/${sent.body.trackingId}`)).body.logs.length
        ? true
        : undefined,
    );

    const other = system.createAccount('Globex', 'owner@globex.test');
    const otherApi = ApiClient.withApiKey(system.baseUrl, other.apiKey);
    await expect(otherApi.call('GET', `/logs/${sent.body.trackingId}`)).resolves.toEqual({
      status: 200,
      body: { logs: [] },
    });
    await expect(otherApi.call('GET', '/users/carol')).resolves.toEqual({
      status: 200,
      body: { id: 'carol' },
    });
    const otherClientId = (await otherApi.call<{ clientId: string }[]>('GET', '/environments'))
      .body[0]!.clientId;
    const carolElsewhere = ApiClient.asEndUser(system.baseUrl, otherClientId, 'carol');
    await expect(carolElsewhere.call('GET', '/user/inapp')).resolves.toEqual({
      status: 200,
      body: { notifications: [] },
    });
  });

  it('serves the OpenAPI document with the spec operation names, and the docs UI', async () => {
    const { status, body } = await new ApiClient(system.baseUrl).call<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    }>('GET', '/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const operationIds = Object.values(body.paths).flatMap((path) =>
      Object.values(path).map((op) => op.operationId),
    );
    expect(operationIds).toEqual(
      expect.arrayContaining([
        'Send',
        'UserIdentify',
        'UserGetUser',
        'UserGetInAppNotifications',
        'UserGetInAppUnreadCount',
        'LogsGetLogsByTrackingIds',
        'EnvironmentsListEnvironments',
      ]),
    );
    const docs = await fetch(`${system.baseUrl}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('answers a retried send with the same Idempotency-Key with the first trackingId, and 422 for another body', async () => {
    const post = (body: object) =>
      fetch(`${system.baseUrl}/send`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${account.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': 'order-42',
        },
        body: JSON.stringify(body),
      });
    const body = { type: 'receipt', to: { id: 'idem-user' }, inapp: { title: 'Receipt' } };
    const first = (await (await post(body)).json()) as { trackingId: string };
    const retry = (await (await post(body)).json()) as { trackingId: string };
    expect(retry.trackingId).toBe(first.trackingId);
    const reused = await post({ ...body, inapp: { title: 'Another' } });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: Json }).error['code']).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('still takes the deprecated notificationId, user and replace, and says they are deprecated', async () => {
    const sent = await api.call<{ trackingId: string; messages: string[] }>('POST', '/send', {
      notificationId: 'legacy',
      user: { id: 'old-client' },
      inapp: { title: 'Hi {{name}}' },
      replace: { name: 'Old' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.messages).toEqual([
      'notificationId is deprecated; use type',
      'user is deprecated; use to',
      'replace is deprecated; use parameters',
    ]);
    const inbox = await eventually(async () => {
      const { body } = await ApiClient.asEndUser(system.baseUrl, clientId, 'old-client').call<{
        notifications: Json[];
      }>('GET', '/user/inapp');
      return body.notifications[0];
    });
    expect(inbox).toMatchObject({
      id: sent.body.trackingId,
      notificationId: 'legacy',
      title: 'Hi Old',
    });
  });
});
