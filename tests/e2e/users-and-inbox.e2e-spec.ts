import { AccountResponseDto } from '@clarion/contracts';
import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type Inbox = { notifications: Json[] };

describe('users and the in-app inbox', () => {
  const suite = shareSystemForSuite();
  let account: AccountResponseDto;
  let api: ApiClient;
  let ada: ApiClient;
  const sent: string[] = [];

  beforeAll(async () => {
    account = suite.system.createAccount('Acme', 'owner@acme.users.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const [environment] = (await api.call<{ clientId: string }[]>('GET', '/environments')).body;
    ada = ApiClient.asEndUser(suite.system.baseUrl, environment!.clientId, 'ada');
    for (const [type, title] of [
      ['digest', 'first'],
      ['digest', 'second'],
      ['alert', 'third'],
    ] as const) {
      sent.push(
        (
          await api.call<{ trackingId: string }>('POST', '/send', {
            type,
            to: { id: 'ada' },
            inapp: { title },
          })
        ).body.trackingId,
      );
      await eventually(async () =>
        (await ada.call<Inbox>('GET', '/user/inapp')).body.notifications.length === sent.length
          ? true
          : undefined,
      );
    }
  });

  it('pages through the users of the environment in id order', async () => {
    for (const id of ['bea', 'cyd'])
      await api.call('POST', `/users/${id}`, { email: `${id}@example.users.test` });
    const first = await api.call<{ users: Json[]; hasMore: boolean; lastEvaluatedKey?: string }>(
      'GET',
      '/users?limit=2',
    );
    expect(first.body.users.map((u) => u['id'])).toEqual(['ada', 'bea']);
    expect(first.body.hasMore).toBe(true);
    const second = await api.call<{ users: Json[]; hasMore: boolean; lastEvaluatedKey?: string }>(
      'GET',
      `/users?limit=2&nextToken=${first.body.lastEvaluatedKey}`,
    );
    expect(second.body).toEqual({
      users: [expect.objectContaining({ id: 'cyd' })],
      hasMore: false,
    });
    expect((await api.call('GET', '/users?limit=500')).status).toBe(400);
  });

  it('lists the inbox newest first, a page at a time with before and count', async () => {
    const firstPage = (await ada.call<Inbox>('GET', '/user/inapp?count=2')).body.notifications;
    expect(firstPage.map((n) => n['title'])).toEqual(['third', 'second']);
    const before = encodeURIComponent(firstPage[1]!['date'] as string);
    const older = (await ada.call<Inbox>('GET', `/user/inapp?before=${before}`)).body.notifications;
    expect(older.map((n) => n['title'])).toEqual(['first']);
  });

  it('marks one notification, one type, then all as seen', async () => {
    const unread = async () =>
      (await ada.call<{ count: number }>('GET', '/user/inapp/unread')).body.count;
    expect(await unread()).toBe(3);
    await ada.call('PATCH', '/user/inapp/unread', { trackingId: sent[2] });
    expect(await unread()).toBe(2);
    await ada.call('PATCH', '/user/inapp/unread', { notificationId: 'digest' });
    expect(await unread()).toBe(0);
    const seen = (await ada.call<Inbox>('GET', '/user/inapp')).body.notifications.map(
      (n) => n['seen'],
    );
    expect(seen).toEqual([true, true, true]);
  });

  it('records opened, clicked, archived, actions and replies', async () => {
    const update = await ada.call('PATCH', '/user/inapp', {
      trackingIds: [sent[0]],
      opened: '2026-11-21T10:00:00.000Z',
      archived: '2026-11-21T10:05:00.000Z',
      actioned1: '2026-11-21T10:06:00.000Z',
      reply: { date: '2026-11-21T10:07:00.000Z', message: 'thanks' },
    });
    expect(update.body).toEqual({ success: true });
    await ada.call('PATCH', '/user/inapp', {
      trackingIds: [sent[0]],
      reply: { date: '2026-11-21T10:08:00.000Z', message: 'again' },
    });
    const first = (await ada.call<Inbox>('GET', '/user/inapp')).body.notifications.find(
      (n) => n['id'] === sent[0],
    );
    expect(first).toMatchObject({
      opened: '2026-11-21T10:00:00.000Z',
      archived: '2026-11-21T10:05:00.000Z',
      actioned1: '2026-11-21T10:06:00.000Z',
      replies: [
        { date: '2026-11-21T10:07:00.000Z', message: 'thanks' },
        { date: '2026-11-21T10:08:00.000Z', message: 'again' },
      ],
    });
    const unknown = await ada.call('PATCH', '/user/inapp', {
      trackingIds: ['0192f0c4-0000-7000-8000-000000000000'],
      opened: '2026-11-21T10:00:00Z',
    });
    expect(unknown.status).toBe(404);
    expect(
      (await ada.call('PATCH', '/user/inapp', { trackingIds: [sent[0]], opened: 'yesterday' }))
        .status,
    ).toBe(400);
  });

  it('updates lastSeenTime when the user uses the inbox', async () => {
    const user = await eventually(async () => {
      const { body } = await api.call<Json>('GET', '/users/ada');
      return body['lastSeenTime'] ? body : undefined;
    });
    expect(Date.parse(user['lastSeenTime'] as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('deletes a user with their inbox', async () => {
    expect((await api.call('DELETE', '/users/ada')).body).toEqual({ message: 'User ada deleted' });
    expect((await api.call('GET', '/users/ada')).body).toEqual({ id: 'ada' });
    expect((await ada.call<Inbox>('GET', '/user/inapp')).body.notifications).toEqual([]);
  });
});
