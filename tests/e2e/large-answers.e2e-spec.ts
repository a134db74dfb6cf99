import { AccountResponseDto } from '@clarion/contracts';
import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

/** 600 KB: two of these do not fit one NATS message (1 MB), each one does. */
const LARGE = 'x'.repeat(600 * 1024);

describe('answers larger than a NATS message (any tenant can store such data)', () => {
  const suite = shareSystemForSuite();
  let account: AccountResponseDto;
  let api: ApiClient;

  beforeAll(async () => {
    account = suite.system.createAccount('Big Inc', 'owner@big.large.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
  });

  async function stillServing(): Promise<void> {
    expect((await api.call('GET', '/environments')).status).toBe(200);
    expect((await fetch(`${suite.system.baseUrl}/status`)).status).toBe(200);
  }

  it('answers logs of sends with large parameters in full, and the tail by size', async () => {
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const { body } = await api.call<{ trackingId: string }>('POST', '/send', {
        type: 'huge_params',
        to: { id: `user-${n}` },
        forceChannels: ['INAPP_WEB'],
        inapp: { title: 'hello' },
        parameters: { blob: LARGE },
      });
      ids.push(body.trackingId);
    }
    const logs = await eventually(
      async () => {
        const answer = await api.call<{ logs: Json[] }>('GET', `/logs/${ids.join(',')}`);
        return answer.status === 200 && answer.body.logs.length === 2 ? answer : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(logs.body.logs.map((log) => log['trackingId']).sort()).toEqual([...ids].sort());
    const tail = await api.call<{ logs: Json[] }>('GET', '/logs/tail');
    expect(tail.status).toBe(200);
    expect(tail.body.logs.length).toBeGreaterThan(0);
    await stillServing();
  });

  it('lists large templates in full', async () => {
    expect((await api.call('POST', '/types', { notificationId: 'huge' })).status).toBeLessThan(300);
    const base = '/notifications/huge/INAPP_WEB/templates';
    for (const templateId of ['big_one', 'big_two']) {
      const created = await api.call('POST', base, { templateId, title: LARGE });
      expect(created.status).toBe(201);
    }
    const list = await api.call<Json[] | { templates: Json[] }>('GET', base);
    expect(list.status).toBe(200);
    const templates = Array.isArray(list.body) ? list.body : list.body.templates;
    expect(templates.map((template) => template['templateId'])).toEqual(
      expect.arrayContaining(['big_one', 'big_two']),
    );
    await stillServing();
  });
});
