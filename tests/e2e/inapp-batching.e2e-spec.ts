import { AccountResponseDto } from '@clarion/contracts';
import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type Batch = { count: number; items: Json[] };
type Inbox = { notifications: (Json & { batch?: Batch })[] };

describe('in-app batching through the public API', () => {
  const suite = shareSystemForSuite();
  let account: AccountResponseDto;
  let api: ApiClient;
  let ada: ApiClient;

  beforeAll(async () => {
    account = suite.system.createAccount('Acme', 'owner@acme.batching.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const [environment] = (await api.call<{ clientId: string }[]>('GET', '/environments')).body;
    ada = ApiClient.asEndUser(suite.system.baseUrl, environment!.clientId, 'ada');
  });

  it('gathers five sends of a batching type into one entry that counts them', async () => {
    const created = await api.call('POST', '/types', {
      notificationId: 'new_comment',
      channels: ['INAPP_WEB'],
      options: {
        INAPP_WEB: {
          defaultDeliveryOption: 'instant',
          instant: { enabled: true, batching: true, batchingKey: 'postId', batchingWindow: 60000 },
        },
      },
    });
    expect(created.status).toBeLessThan(300);
    const trackingIds = await Promise.all(
      [1, 2, 3, 4, 5].map(
        async (i) =>
          (
            await api.call<{ trackingId: string }>('POST', '/send', {
              type: 'new_comment',
              to: { id: 'ada' },
              inapp: { title: `Comment ${i}`, url: `https://example.com/posts/7#${i}` },
              parameters: { postId: 7 },
            })
          ).body.trackingId,
      ),
    );
    const inbox = await eventually(async () => {
      const { notifications } = (await ada.call<Inbox>('GET', '/user/inapp')).body;
      return notifications[0]?.batch?.count === 5 ? notifications : undefined;
    });
    expect(inbox).toHaveLength(1);
    const [entry] = inbox;
    expect(entry!.seen).toBe(false);
    expect(entry!.batch!.items.map((item) => item['trackingId']).sort()).toEqual(
      [...trackingIds].sort(),
    );
    expect(entry!.title).toBe(entry!.batch!.items[0]!['title']);
    expect((await ada.call<{ count: number }>('GET', '/user/inapp/unread')).body.count).toBe(1);

    // Each send keeps its own log record: routed BATCH, and delivered into the gathered entry.
    const log = await eventually(
      async () => {
        const path = `/logs/${trackingIds[4]}`;
        const found = (await api.call<{ logs: Json[] }>('GET', path)).body.logs[0];
        return found?.['inapp_delivered_at'] ? found : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(log['inapp_routing']).toBe('BATCH');
  });
});
