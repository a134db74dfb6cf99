import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type Inbox = { notifications: Json[] };

describe('scheduled sends', () => {
  const suite = shareSystemForSuite();
  let api: ApiClient;
  let clientId: string;

  beforeAll(async () => {
    const account = suite.system.createAccount('Acme', 'owner@acme.scheduling.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    clientId = (await api.call<{ clientId: string }[]>('GET', '/environments')).body[0]!.clientId;
  });

  const inboxOf = async (userId: string) =>
    (
      await ApiClient.asEndUser(suite.system.baseUrl, clientId, userId).call<Inbox>(
        'GET',
        '/user/inapp',
      )
    ).body.notifications;
  const logOf = async (trackingId: string) =>
    (await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs[0];
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  const schedule = (userId: string, title: string, at: string) =>
    api.call<{ trackingId: string; error?: Json }>('POST', '/send', {
      type: 'later',
      to: { id: userId },
      inapp: { title },
      schedule: at,
    });

  it('refuses a schedule in the past or not in ISO 8601 with 400 naming schedule', async () => {
    const past = await schedule('u', 'x', '2020-01-01T00:00:00Z');
    expect(past.status).toBe(400);
    expect(past.body.error?.['message']).toContain('schedule');
    const malformed = await schedule('u', 'x', 'next tuesday');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.['message']).toContain('schedule');
  });

  it('holds a scheduled send until its time, then releases it within a second', async () => {
    const dueAt = inSeconds(2);
    const { trackingId } = (await schedule('sam', 'on time', dueAt)).body;
    expect(await eventually(async () => (await logOf(trackingId))?.['scheduled_for'])).toBe(dueAt);
    expect(await inboxOf('sam')).toEqual([]);
    const [arrived] = await eventually(
      async () => {
        const inbox = await inboxOf('sam');
        return inbox.length > 0 ? inbox : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(arrived).toMatchObject({ id: trackingId, title: 'on time' });
    expect(Date.now() - Date.parse(dueAt)).toBeLessThan(1_500);
  });

  it('replaces the body and time of a scheduled send, and logs the change', async () => {
    const { trackingId } = (await schedule('uma', 'old title', inSeconds(600))).body;
    const newTime = inSeconds(1);
    const updated = await api.call('PUT', `/sender/scheduler/${trackingId}`, {
      type: 'later',
      to: { id: 'uma' },
      inapp: { title: 'new title' },
      schedule: newTime,
    });
    expect(updated.status).toBe(200);
    const [arrived] = await eventually(
      async () => {
        const inbox = await inboxOf('uma');
        return inbox.length > 0 ? inbox : undefined;
      },
      { timeoutMs: 10_000 },
    );
    expect(arrived).toMatchObject({ id: trackingId, title: 'new title' });
    const log = await eventually(async () =>
      (await logOf(trackingId))?.['inapp_delivered_at'] ? logOf(trackingId) : undefined,
    );
    expect(log).toMatchObject({
      schedule_updated_to: newTime,
      schedule_updated_at: expect.any(String),
    });
    expect(
      (
        await api.call('PUT', `/sender/scheduler/${trackingId}`, {
          type: 'later',
          to: { id: 'uma' },
          inapp: { title: 'too late' },
        })
      ).status,
    ).toBe(404);
  });

  it('cancels a scheduled send, logs it, and answers 404 for it afterwards', async () => {
    const { trackingId } = (await schedule('vic', 'never', inSeconds(600))).body;
    expect((await api.call('DELETE', `/sender/scheduler/${trackingId}`)).body).toEqual({
      success: true,
      message: `Scheduled send ${trackingId} deleted`,
    });
    expect(
      await eventually(async () => (await logOf(trackingId))?.['schedule_deleted_at']),
    ).toEqual(expect.any(String));
    expect((await api.call('DELETE', `/sender/scheduler/${trackingId}`)).status).toBe(404);
    expect(
      (await api.call('DELETE', '/sender/scheduler/0192f0c4-0000-7000-8000-000000000000')).status,
    ).toBe(404);
    expect((await api.call('DELETE', '/sender/scheduler/not-an-id')).status).toBe(404);
  });
});
