import { AccountResponseDto } from '@clarion/contracts';
import { eventually, runSystemForSuite, SeverableProxy } from '@clarion/testing';
import { ApiClient } from './api-client';
import { inboxIdsOf } from './inbox-ids';

/** Longer than the ≈ 123 s after which accepted sends used to be dead-lettered. */
const OUTAGE_MS = 135_000;
const SEND_EVERY_MS = 3_000;
const USERS = ['ann', 'ben', 'cat', 'dan', 'eve'];

describe('a PostgreSQL outage longer than any retry window', () => {
  const database = new URL(process.env['DATABASE_URL']!);
  const proxy = new SeverableProxy(database.hostname, Number(database.port || 5432));
  // Before the system's own hooks, which start it against the proxy.
  beforeAll(() => proxy.start());
  // Every service reaches PostgreSQL through the proxy; keys stay cached through the outage so
  // that sends are still accepted (JetStream, not PostgreSQL, holds what was accepted).
  const suite = runSystemForSuite(() => ({
    DATABASE_URL: proxy.rewrite(suite.database.url),
    AUTH_CACHE_TTL_MS: String(10 * 60_000),
  }));
  let account: AccountResponseDto;
  let api: ApiClient;
  let clientId: string;
  const accepted = new Map<string, string>();

  afterAll(() => proxy.stop());

  async function send(userId: string, title: string): Promise<number> {
    const { status, body } = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'outage',
      to: { id: userId },
      forceChannels: ['INAPP_WEB'],
      inapp: { title },
    });
    if (status === 200) accepted.set(body.trackingId, userId);
    return status;
  }

  it('delivers every accepted send once, and dead-letters none', async () => {
    account = suite.system.createAccount('Outage Inc', 'owner@outage.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    clientId = (await api.call<{ clientId: string }[]>('GET', '/environments')).body[0]!.clientId;
    for (const userId of USERS) expect(await send(userId, 'before')).toBe(200);

    progress(`${accepted.size} sends accepted; cutting PostgreSQL off for ${OUTAGE_MS / 1000} s`);
    proxy.sever();
    const statuses: number[] = [];
    const outageEnds = Date.now() + OUTAGE_MS;
    for (let round = 0; Date.now() < outageEnds; round++) {
      statuses.push(await send(USERS[round % USERS.length]!, `during ${round}`));
      await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS));
    }
    // Nothing the database was needed for could be answered, and nothing answered 500.
    const during = await api.call<{ error: { code: string } }>('GET', '/users/ann');
    expect(during.status).toBe(503);
    proxy.restore();
    progress(`PostgreSQL is back; ${accepted.size} sends accepted in all`);

    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(30);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    const delivered = await eventually(
      async () => {
        const seen = await inboxTrackingIds();
        return [...accepted.keys()].every((id) => seen.includes(id)) ? seen : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 1_000 },
    );
    expect(delivered).toHaveLength(accepted.size);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(suite.system.admin<{ deadLetters: unknown[] }>(['dead-letters', 'list'])).toEqual({
      deadLetters: [],
    });
  }, 360_000);

  /** A long test says where it is (stderr is not held back by Jest). */
  function progress(line: string): void {
    process.stderr.write(`[database outage] ${line}\n`);
  }

  function inboxTrackingIds(): Promise<string[]> {
    return inboxIdsOf(suite.system.baseUrl, clientId, USERS);
  }
});
