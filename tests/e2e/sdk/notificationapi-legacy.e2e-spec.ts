import { eventually, shareSystemForSuite } from '@clarion/testing';
import notificationapi, { Channels } from 'notificationapi-node-server-sdk';
import { ApiClient } from '../api-client';

type Json = Record<string, unknown>;
type Inbox = { notifications: Json[] };
type Environment = { clientId: string; clientSecret: string };

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

/** The HTTP status of an SDK call that must fail; the SDK prints every failure, so not here. */
async function statusOfFailed(call: () => Promise<unknown>): Promise<number | undefined> {
  const print = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await call();
    return undefined;
  } catch (error) {
    return (error as { response?: { status?: number } }).response?.status;
  } finally {
    print.mockRestore();
  }
}

/**
 * `notificationapi-node-server-sdk@2.8.0`, the hosted service's previous server SDK, unchanged
 * but for its baseURL: one test per SDK method, named after it, asserting on what the method
 * returns and on its effect as the modern API shows it.
 */
describe('notificationapi-node-server-sdk@2.8.0', () => {
  const suite = shareSystemForSuite();
  let api: ApiClient;
  let environment: Environment;
  let other: { api: ApiClient; environment: Environment };

  const environmentOf = async (client: ApiClient) =>
    (await client.call<Environment[]>('GET', '/environments')).body[0]!;
  const inboxOf = async (userId: string) =>
    (
      await ApiClient.asEndUser(suite.system.baseUrl, environment.clientId, userId).call<Inbox>(
        'GET',
        '/user/inapp?count=50',
      )
    ).body.notifications;
  const inboxHolding = (userId: string, count: number) =>
    eventually(async () => {
      const inbox = await inboxOf(userId);
      return inbox.length === count ? inbox : undefined;
    });
  const logOf = (trackingId: string, field: string) =>
    eventually(async () => {
      const [log] = (await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs;
      return log?.[field] === undefined ? undefined : log;
    });
  const inapp = (type: string, userId: string, title: string, extra: Json = {}) =>
    api.call<{ trackingId: string }>('POST', '/send', {
      type,
      to: { id: userId },
      inapp: { title },
      forceChannels: ['INAPP_WEB'],
      ...extra,
    });

  beforeAll(async () => {
    const account = suite.system.createAccount('Legacy Co', 'owner@legacy.legacy.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    environment = await environmentOf(api);
    const otherApi = ApiClient.withApiKey(
      suite.system.baseUrl,
      suite.system.createAccount('Other Co', 'owner@other.legacy.test').apiKey,
    );
    other = { api: otherApi, environment: await environmentOf(otherApi) };
    notificationapi.init(environment.clientId, environment.clientSecret, {
      baseURL: suite.system.baseUrl,
    });
    for (const id of ['legacy_alert', 'legacy_digest']) {
      const created = await api.call('POST', '/types', { notificationId: id, title: id });
      expect(created.status).toBeLessThan(300);
    }
  });

  it('notificationapi.identifyUser', async () => {
    const answer = await notificationapi.identifyUser({
      id: 'ada',
      email: 'ada@example.legacy.test',
      number: '+15005550006',
      timezone: 'Europe/London',
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ id: 'ada', email: 'ada@example.legacy.test' });
    expect((await api.call('GET', '/users/ada')).body).toMatchObject({
      id: 'ada',
      email: 'ada@example.legacy.test',
      number: '+15005550006',
      timezone: 'Europe/London',
    });
    // Identifying needs the hmac of the userId, whatever secureMode says, and only for that user.
    const path = `/${environment.clientId}/users/ada`;
    const forged = new ApiClient(suite.system.baseUrl, basic(`${environment.clientId}:ada:`));
    expect((await forged.call('POST', path, { email: 'evil@example.legacy.test' })).status).toBe(
      401,
    );
    expect((await api.call('GET', '/users/ada')).body).toMatchObject({
      email: 'ada@example.legacy.test',
    });
  });

  it('notificationapi.send', async () => {
    const answer = await notificationapi.send({
      type: 'legacy_welcome',
      to: { id: 'ada' },
      inapp: { title: 'Hello {{name}}' },
      parameters: { name: 'Ada' },
      forceChannels: [Channels.INAPP_WEB],
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ trackingId: expect.any(String), messages: [] });
    const [arrived] = await inboxHolding('ada', 1);
    expect(arrived).toMatchObject({
      id: answer.data.trackingId,
      notificationId: 'legacy_welcome',
      title: 'Hello Ada',
    });

    // The deprecated fields of the SDK's first versions still send; the notes come with a 202,
    // which the SDK prints as a warning.
    const warning = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const deprecated = await notificationapi.send({
      notificationId: 'legacy_welcome',
      user: { id: 'ada' },
      mergeTags: { name: 'again' },
      inapp: { title: 'Hello {{name}}' },
      forceChannels: [Channels.INAPP_WEB],
    });
    const printed = [...warning.mock.calls];
    warning.mockRestore();
    expect(deprecated.status).toBe(202);
    expect(printed).toEqual([['NotificationAPI warning.', deprecated.data]]);
    expect(deprecated.data.messages).toEqual(
      expect.arrayContaining(['notificationId is deprecated; use type']),
    );
    expect((await inboxHolding('ada', 2))[0]).toMatchObject({ title: 'Hello again' });

    // Credentials act on their own clientId only.
    const theirs = new ApiClient(
      suite.system.baseUrl,
      basic(`${other.environment.clientId}:${other.environment.clientSecret}`),
    );
    const crossed = await theirs.call('POST', `/${environment.clientId}/sender`, {
      type: 'legacy_welcome',
      to: { id: 'ada' },
      inapp: { title: 'Not yours' },
    });
    expect(crossed.status).toBe(403);
    expect(crossed.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('notificationapi.retract', async () => {
    await inapp('legacy_alert', 'bea', 'about p1', { subNotificationId: 'p1' });
    await inapp('legacy_alert', 'bea', 'about p2', { subNotificationId: 'p2' });
    await inapp('legacy_digest', 'bea', 'something else');
    await inboxHolding('bea', 3);
    const later = await inapp('legacy_alert', 'bea', 'later', { schedule: inSeconds(600) });
    // Another tenant's retraction of the same type and user id changes nothing here.
    await other.api.call('POST', '/sender/retract', {
      notificationId: 'legacy_alert',
      userId: 'bea',
    });

    const one = await notificationapi.retract({
      notificationId: 'legacy_alert',
      userId: 'bea',
      subNotificationId: 'p1',
    });
    expect(one.status).toBe(200);
    expect(one.data).toEqual({ success: true, removed: 1, canceled: 0 });
    expect((await inboxOf('bea')).map((n) => n['title'])).toEqual(['something else', 'about p2']);

    const all = await notificationapi.retract({ notificationId: 'legacy_alert', userId: 'bea' });
    expect(all.data).toEqual({ success: true, removed: 1, canceled: 1 });
    expect((await inboxOf('bea')).map((n) => n['title'])).toEqual(['something else']);
    expect(await logOf(later.body.trackingId, 'schedule_deleted_at')).toMatchObject({
      schedule_deleted_at: expect.any(String),
    });
  });

  it('notificationapi.queryLogs', async () => {
    const startTime = Date.now() - 60_000;
    const { trackingId } = (await inapp('legacy_alert', 'cal', 'for the query')).body;
    await logOf(trackingId, 'inapp_sent_at');
    const answer = await notificationapi.queryLogs({
      dateRangeFilter: { startTime, endTime: Date.now() + 60_000 },
      notificationFilter: ['legacy_alert'],
      channelFilter: [Channels.INAPP_WEB],
      userFilter: ['cal'],
      trackingIds: [trackingId],
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ queryId: expect.any(String) });
    const result = await eventually(async () => {
      const { body } = await api.call<{ status: string; logs?: Json[] }>(
        'GET',
        `/logs/query/${answer.data.queryId}`,
      );
      return body.status === 'Running' ? undefined : body;
    });
    expect(result.status).toBe('Complete');
    expect(result.logs?.map((log) => log['trackingId'])).toEqual([trackingId]);
  });

  it('notificationapi.createSubNotification', async () => {
    const answer = await notificationapi.createSubNotification({
      notificationId: 'legacy_alert',
      subNotificationId: 'project-1',
      title: 'Project One',
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      notificationId: 'legacy_alert',
      subNotificationId: 'project-1',
      title: 'Project One',
    });
    const renamed = await notificationapi.createSubNotification({
      notificationId: 'legacy_alert',
      subNotificationId: 'project-1',
      title: 'Project 1',
    });
    expect(renamed.data).toMatchObject({ title: 'Project 1' });
    // Sends name sub-notifications too; the preference center lists them all.
    await inapp('legacy_alert', 'dee', 'about project 2', { subNotificationId: 'project-2' });
    await inboxHolding('dee', 1);
    const { body } = await api.call<{ subNotifications: Json[] }>('GET', '/users/dee/preferences');
    expect(body.subNotifications).toEqual(
      expect.arrayContaining([
        { notificationId: 'legacy_alert', subNotificationId: 'project-1', title: 'Project 1' },
        { notificationId: 'legacy_alert', subNotificationId: 'project-2', title: 'project-2' },
      ]),
    );
    expect(
      await statusOfFailed(() =>
        notificationapi.createSubNotification({
          notificationId: 'no_such_type',
          subNotificationId: 'x',
          title: 'X',
        }),
      ),
    ).toBe(404);
  });

  it('notificationapi.deleteSubNotification', async () => {
    await notificationapi.createSubNotification({
      notificationId: 'legacy_alert',
      subNotificationId: 'gone',
      title: 'Soon gone',
    });
    await api.call('POST', '/users/eli/preferences', {
      preferences: [
        {
          notificationId: 'legacy_alert',
          subNotificationId: 'gone',
          channel: 'INAPP_WEB',
          delivery: 'off',
        },
      ],
    });
    const answer = await notificationapi.deleteSubNotification({
      notificationId: 'legacy_alert',
      subNotificationId: 'gone',
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ success: true });
    const { body } = await api.call<{ preferences: Json[]; subNotifications: Json[] }>(
      'GET',
      '/users/eli/preferences',
    );
    expect(body.subNotifications).not.toContainEqual(
      expect.objectContaining({ subNotificationId: 'gone' }),
    );
    expect(body.preferences).toEqual([]);
    expect(
      await statusOfFailed(() =>
        notificationapi.deleteSubNotification({
          notificationId: 'legacy_alert',
          subNotificationId: 'gone',
        }),
      ),
    ).toBe(404);
  });

  it('notificationapi.setUserPreferences', async () => {
    const answer = await notificationapi.setUserPreferences('fay', [
      { notificationId: 'legacy_digest', channel: 'EMAIL', delivery: 'daily' },
      {
        notificationId: 'legacy_alert',
        subNotificationId: 'p1',
        channel: 'INAPP_WEB',
        delivery: 'off',
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      preferences: [
        {
          notificationId: 'legacy_alert',
          subNotificationId: 'p1',
          channel: 'INAPP_WEB',
          delivery: 'off',
        },
        { notificationId: 'legacy_digest', channel: 'EMAIL', delivery: 'daily' },
      ],
      subNotifications: expect.any(Array),
    });
    // The user turned off p1 of legacy_alert in the inbox, and nothing else.
    const muted = await inapp('legacy_alert', 'fay', 'muted', { subNotificationId: 'p1' });
    await inapp('legacy_alert', 'fay', 'heard', { subNotificationId: 'p2' });
    expect((await inboxHolding('fay', 1))[0]).toMatchObject({ title: 'heard' });
    expect(await logOf(muted.body.trackingId, 'inapp_routing')).toMatchObject({
      inapp_routing: 'IGNORE',
      inapp_routing_reason: 'IGNORE_BY_PREFERENCES',
    });
  });

  it('notificationapi.deleteUserPreferences', async () => {
    await notificationapi.setUserPreferences('gus', [
      {
        notificationId: 'legacy_alert',
        subNotificationId: 'p1',
        channel: 'INAPP_WEB',
        delivery: 'off',
      },
      { notificationId: 'legacy_alert', channel: 'EMAIL', delivery: 'weekly' },
      { notificationId: 'legacy_digest', channel: 'EMAIL', delivery: 'daily' },
    ]);
    const answer = await notificationapi.deleteUserPreferences('gus', 'legacy_alert', 'p1');
    expect(answer.status).toBe(200);
    expect(answer.data.preferences).toEqual([
      { notificationId: 'legacy_alert', channel: 'EMAIL', delivery: 'weekly' },
      { notificationId: 'legacy_digest', channel: 'EMAIL', delivery: 'daily' },
    ]);
    await inapp('legacy_alert', 'gus', 'heard again', { subNotificationId: 'p1' });
    expect((await inboxHolding('gus', 1))[0]).toMatchObject({ title: 'heard again' });
    const rest = await notificationapi.deleteUserPreferences('gus', 'legacy_alert');
    expect(rest.data.preferences).toEqual([
      { notificationId: 'legacy_digest', channel: 'EMAIL', delivery: 'daily' },
    ]);
  });

  it('notificationapi.updateInAppNotification', async () => {
    const { trackingId } = (await inapp('legacy_alert', 'hal', 'to open')).body;
    await inboxHolding('hal', 1);
    const answer = await notificationapi.updateInAppNotification('hal', {
      trackingIds: [trackingId],
      opened: '2026-11-21T10:00:00.000Z',
      archived: '2026-11-21T10:05:00.000Z',
      reply: { date: '2026-11-21T10:07:00.000Z', message: 'thanks' },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ success: true });
    expect((await inboxOf('hal'))[0]).toMatchObject({
      id: trackingId,
      seen: true,
      opened: '2026-11-21T10:00:00.000Z',
      archived: '2026-11-21T10:05:00.000Z',
      replies: [{ date: '2026-11-21T10:07:00.000Z', message: 'thanks' }],
    });
  });

  it('notificationapi.updateSchedule', async () => {
    const { trackingId } = (
      await inapp('legacy_alert', 'ivy', 'kept title', { schedule: inSeconds(600) })
    ).body;
    const newTime = inSeconds(1);
    const answer = await notificationapi.updateSchedule(trackingId, { schedule: newTime });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ trackingId, messages: [] });
    // Only the time changed: the rest of the scheduled send is as it was.
    const [arrived] = await eventually(
      async () => {
        const inbox = await inboxOf('ivy');
        return inbox.length > 0 ? inbox : undefined;
      },
      { timeoutMs: 10_000 },
    );
    expect(arrived).toMatchObject({ id: trackingId, title: 'kept title' });
    expect(await logOf(trackingId, 'schedule_updated_to')).toMatchObject({
      schedule_updated_to: newTime,
    });
  });

  it('notificationapi.deleteSchedule', async () => {
    const { trackingId } = (
      await inapp('legacy_alert', 'jon', 'never', { schedule: inSeconds(600) })
    ).body;
    const answer = await notificationapi.deleteSchedule(trackingId);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ success: true });
    expect(await logOf(trackingId, 'schedule_deleted_at')).toMatchObject({
      schedule_deleted_at: expect.any(String),
    });
    expect(await statusOfFailed(() => notificationapi.deleteSchedule(trackingId))).toBe(404);
  });
});
