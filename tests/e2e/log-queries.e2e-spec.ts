import { AccountResponseDto } from '@clarion/contracts';
import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type QueryResult = { status: string; logs?: Json[]; message?: string; error?: string };
const PASSWORD = 'a long enough password';

describe('log queries and retention', () => {
  const suite = shareSystemForSuite();
  let account: AccountResponseDto;
  let api: ApiClient;
  let other: ApiClient;
  let envId: string;
  const sent: Record<string, string> = {};
  let otherTrackingId: string;

  beforeAll(async () => {
    account = suite.system.createAccount('Query Co', 'owner@query.log-queries.test', {
      password: PASSWORD,
    });
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    other = ApiClient.withApiKey(
      suite.system.baseUrl,
      suite.system.createAccount('Other Co', 'owner@other.log-queries.test').apiKey,
    );
    for (const [name, type, user] of [
      ['welcomeAda', 'welcome', 'ada'],
      ['invoiceAda', 'invoice', 'ada'],
      ['welcomeBob', 'welcome', 'bob'],
    ] as const) {
      const answer = await api.call<{ trackingId: string }>('POST', '/send', {
        type,
        to: { id: user },
        inapp: { title: `${type} for ${user}` },
        forceChannels: ['INAPP_WEB'],
      });
      expect(answer.status).toBe(200);
      sent[name] = answer.body.trackingId;
    }
    // Another account's send to a user of the same id, which no query of ours may find.
    const theirs = await other.call<{ trackingId: string }>('POST', '/send', {
      type: 'welcome',
      to: { id: 'ada' },
      inapp: { title: 'Not yours' },
      forceChannels: ['INAPP_WEB'],
    });
    otherTrackingId = theirs.body.trackingId;
    const logged = (client: ApiClient, trackingId: string) =>
      eventually(async () => {
        const [log] = (await client.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs;
        return log?.['inapp_sent_at'] ? log : undefined;
      });
    for (const trackingId of Object.values(sent)) {
      // Log records name the environment a send came from (GET /environments does not).
      envId = (await logged(api, trackingId))['envId'] as string;
    }
    await logged(other, otherTrackingId);
  });

  async function query(filters: Json, client = api): Promise<QueryResult> {
    const started = await client.call<{ queryId: string }>('POST', '/logs/query', filters);
    expect(started.status).toBe(200);
    return eventually(async () => {
      const result = await client.call<QueryResult>('GET', `/logs/query/${started.body.queryId}`);
      expect(result.status).toBe(200);
      return result.body.status === 'Running' ? undefined : result.body;
    });
  }

  const trackingIdsOf = (result: QueryResult) => result.logs?.map((log) => log['trackingId']);

  it('finds the sends of the account, newest first', async () => {
    const result = await query({});
    expect(result.status).toBe('Complete');
    expect(trackingIdsOf(result)).toEqual([
      sent['welcomeBob'],
      sent['invoiceAda'],
      sent['welcomeAda'],
    ]);
    expect(result.logs?.[0]).toMatchObject({
      accountId: account.accountId,
      type: 'welcome',
      user_id: 'bob',
      inapp_routing: 'SEND',
    });
  });

  it('takes a query without a body as one without filters, and lists its operations', async () => {
    const started = await api.call<{ queryId: string }>('POST', '/logs/query');
    expect(started.status).toBe(200);
    const result = await eventually(async () => {
      const { body } = await api.call<QueryResult>('GET', `/logs/query/${started.body.queryId}`);
      return body.status === 'Running' ? undefined : body;
    });
    expect(result.logs).toHaveLength(3);
    const openapi = await new ApiClient(suite.system.baseUrl).call<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>('GET', '/openapi.json');
    expect(openapi.body.paths['/logs/query']?.['post']?.operationId).toBe('LogsStartLogsQuery');
    expect(openapi.body.paths['/logs/query/{queryId}']?.['get']?.operationId).toBe(
      'LogsGetLogsQueryResult',
    );
    expect(openapi.body.paths['/logs/retention']?.['get']?.operationId).toBe('LogsGetLogRetention');
  });

  it('filters by date range, user, environment, step, channel and notification type', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      trackingIdsOf(
        await query({
          dateRangeFilter: [now - 3600, now + 60],
          userFilter: 'ada',
          envIdFilter: [envId],
          statusFilter: 'sent',
          channelFilter: ['inapp'],
          notificationFilter: ['welcome'],
        }),
      ),
    ).toEqual([sent['welcomeAda']]);
    expect(trackingIdsOf(await query({ dateRangeFilter: [now - 7200, now - 3600] }))).toEqual([]);
    expect(trackingIdsOf(await query({ channelFilter: ['email'] }))).toEqual([]);
    expect(trackingIdsOf(await query({ statusFilter: 'failed' }))).toEqual([]);
  });

  it('rejects filters it does not know, naming them', async () => {
    const bad = async (body: Json) => {
      const answer = await api.call<{ error: Json }>('POST', '/logs/query', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error['code']).toBe('VALIDATION_FAILED');
      return answer.body.error['message'];
    };
    expect(await bad({ channelFilter: ['inapp', 'fax'] })).toContain('"fax"');
    expect(await bad({ statusFilter: 'bounced' })).toContain('statusFilter "bounced"');
    expect(await bad({ dateRangeFilter: [1763712000] })).toContain('dateRangeFilter');
    expect(await bad({ dateRangeFilter: [1763798400, 1763712000] })).toContain(
      'dateRangeFilter must not end before it starts',
    );
    expect(await bad({ envIdFilter: ['production'] })).toContain('envIdFilter');
    expect(await bad({ userFilters: 'ada' })).toContain('userFilters');
  });

  it("answers 404 for a query of another account, and never another account's sends", async () => {
    const started = await api.call<{ queryId: string }>('POST', '/logs/query', {});
    const foreign = await other.call<{ error: Json }>('GET', `/logs/query/${started.body.queryId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error['code']).toBe('NOT_FOUND');
    expect((await api.call('GET', '/logs/query/not-a-query-id')).status).toBe(404);
    expect(trackingIdsOf(await query({ userFilter: 'ada' }, other))).toEqual([otherTrackingId]);
  });

  it('tells how long logs are kept by the plan', async () => {
    const free = await api.call('GET', '/logs/retention');
    expect(free).toEqual({ status: 200, body: { retentionInDays: 7 } });

    const login = await new ApiClient(suite.system.baseUrl).call<{ token: string }>(
      'POST',
      '/auth/login',
      { email: 'owner@query.log-queries.test', password: PASSWORD },
    );
    const member = ApiClient.withApiKey(suite.system.baseUrl, login.body.token);
    const paid = await member.call<AccountResponseDto>('POST', '/accounts', {
      name: 'Query Co Paid',
      plan: { tier: 'budget_500', sourceBillingAccountId: account.accountId },
    });
    expect(paid.status).toBe(200);
    const paidApi = ApiClient.withApiKey(suite.system.baseUrl, paid.body.apiKey);
    expect((await paidApi.call('GET', '/logs/retention')).body).toEqual({ retentionInDays: 90 });
    expect((await new ApiClient(suite.system.baseUrl).call('GET', '/logs/retention')).status).toBe(
      401,
    );
  });

  it('counts the requests it answered by route and status, without tracing, and not the probes', async () => {
    await fetch(`${suite.system.baseUrl}/health/ready`);
    const response = await fetch(`${suite.system.healthUrlOf('gateway')}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{[^}]*http_route="\/send"[^}]*http_response_status_code="200"[^}]*\} [1-9]/m,
    );
    expect(text).toMatch(/^clarion_sends_accepted_total(\{[^}]*\})? [1-9]/m);
    expect(text).not.toMatch(/http_route="\/health/);
  });
});
