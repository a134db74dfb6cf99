import { INestApplicationContext } from '@nestjs/common';
import { Channel, InboxEntry, newTimeOrderedId, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, TestDatabase } from '@clarion/testing';
import { DigestsRepository } from '../digests/digests.repository';
import { InboxRepository } from '../inbox/inbox.repository';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';

const tenant = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };

describe('retraction of what was sent to a user', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    messaging = app.get(MessagingClient);
  });

  afterAll(() => stopNotifications({ app, database }, namespace));

  const entry = (userId: string, title: string, extra: Partial<InboxEntry> = {}): InboxEntry => ({
    ...tenant,
    trackingId: newTimeOrderedId(),
    userId,
    notificationId: 'comment',
    title,
    parameters: {},
    receivedAt: new Date().toISOString(),
    ...extra,
  });
  const store = (...entries: InboxEntry[]) => app.get(InboxRepository).insertMany(entries);
  const titlesOf = async (userId: string) =>
    (await messaging.request(Requests.listInbox, { ...tenant, userId, count: 50 })).map(
      (n) => n.title,
    );
  const retract = (userId: string, subNotificationId?: string) =>
    messaging.request(Requests.retract, {
      ...tenant,
      userId,
      notificationId: 'comment',
      ...(subNotificationId !== undefined && { subNotificationId }),
    });

  it('keeps out the entries of earlier sends that arrive after the retraction', async () => {
    const sentBefore = entry('ada', 'on its way');
    await store(entry('ada', 'already there'), entry('ada', 'other type', { notificationId: 'x' }));
    expect(await retract('ada')).toEqual({ success: true, removed: 1, canceled: 0 });
    await store(sentBefore, entry('ada', 'sent after'));
    expect(await titlesOf('ada')).toEqual(['sent after', 'other type']);
  });

  it('retracts one sub-notification, and keeps the others of the type', async () => {
    const late = entry('bea', 'late p1', { subNotificationId: 'p1' });
    await store(entry('bea', 'p1', { subNotificationId: 'p1' }));
    await store(entry('bea', 'p2', { subNotificationId: 'p2' }));
    expect(await retract('bea', 'p1')).toMatchObject({ removed: 1 });
    await store(late, entry('bea', 'late p2', { subNotificationId: 'p2' }));
    expect(await titlesOf('bea')).toEqual(['late p2', 'p2']);
  });

  it('removes the digest entries of the type (or of its sub-notification) for the user', async () => {
    const digests = app.get(DigestsRepository);
    const gathered = (userId: string, notificationId: string, subNotificationId?: string) => ({
      userId,
      releaseAt: new Date(Date.now() + 3_600_000),
      job: {
        ...tenant,
        trackingId: newTimeOrderedId(),
        channel: Channel.EMAIL,
        notificationId,
        subNotificationId,
        recipient: { id: userId, email: `${userId}@example.test` },
        content: { subject: 'digest me', html: '<p>later</p>' },
        receivedAt: new Date().toISOString(),
      },
    });
    await digests.add([
      gathered('fay', 'comment', 'p1'),
      gathered('fay', 'comment', 'p2'),
      gathered('fay', 'comment'),
      gathered('fay', 'other'),
      gathered('gus', 'comment'),
    ]);
    expect(await retract('fay', 'p1')).toMatchObject({ canceled: 1 });
    expect(await retract('fay')).toMatchObject({ canceled: 2 });
    const left = await database.query<{ user_id: string; notification_id: string }>(
      'SELECT user_id, notification_id FROM notifications.digest_entries ORDER BY user_id',
    );
    expect(left).toEqual([
      { user_id: 'fay', notification_id: 'other' },
      { user_id: 'gus', notification_id: 'comment' },
    ]);
  });

  it('cancels the pending scheduled sends of the type to the user, however they name both', async () => {
    const schedule = (body: Record<string, unknown>) =>
      messaging.request(Requests.scheduleSend, {
        ...tenant,
        trackingId: newTimeOrderedId(),
        receivedAt: new Date().toISOString(),
        origin: {},
        body: { inapp: { title: 'later' }, schedule: '2099-01-01T00:00:00Z', ...body },
      });
    await schedule({ type: 'comment', to: { id: 'cyd' } });
    await schedule({ notificationId: 'comment', user: { id: 'cyd' }, secondaryId: 'p1' });
    await schedule({ type: 'comment', to: { email: 'eve@example.test' } });
    await schedule({ type: 'comment', to: { id: 'dan' } });
    await schedule({ type: 'other', to: { id: 'cyd' } });
    expect(await retract('cyd', 'p1')).toMatchObject({ canceled: 1 });
    expect(await retract('cyd')).toMatchObject({ canceled: 1 });
    // A recipient without id is the user of its email, as for any send.
    expect(await retract('eve@example.test')).toMatchObject({ canceled: 1 });
    const pending = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM notifications.scheduled_sends WHERE status = 'pending'",
    );
    expect(pending).toEqual([{ n: 2 }]);
  });
});
