import { INestApplicationContext } from '@nestjs/common';
import {
  Channel,
  DeliveryOption,
  DomainError,
  ErrorCode,
  newTimeOrderedId,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, TestDatabase } from '@clarion/testing';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';

const tenant = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };
const other = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };

describe('sub-notifications of a notification type', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    messaging = app.get(MessagingClient);
    for (const scope of [tenant, other]) {
      await messaging.request(Requests.createType, {
        ...scope,
        settings: { notificationId: 'task_done' },
      });
    }
  });

  afterAll(() => stopNotifications({ app, database }, namespace));

  const save = (subNotificationId: string, title: string, scope = tenant) =>
    messaging.request(Requests.saveSubNotification, {
      ...scope,
      notificationId: 'task_done',
      subNotificationId,
      title,
    });
  const preferencesOf = (userId: string, scope = tenant) =>
    messaging.request(Requests.getPreferences, { ...scope, userId });
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof DomainError ? error.code : error),
    );

  it('saves and retitles a sub-notification of a type, and lists it with the preferences', async () => {
    expect(await save('apollo', 'Apollo')).toEqual({
      notificationId: 'task_done',
      subNotificationId: 'apollo',
      title: 'Apollo',
    });
    await save('apollo', 'Project Apollo');
    await save('gemini', 'Gemini', other);
    expect((await preferencesOf('anyone')).subNotifications).toEqual([
      { notificationId: 'task_done', subNotificationId: 'apollo', title: 'Project Apollo' },
    ]);
    expect(
      await codeOf(
        messaging.request(Requests.saveSubNotification, {
          ...tenant,
          notificationId: 'no_such_type',
          subNotificationId: 'x',
          title: 'X',
        }),
      ),
    ).toBe(ErrorCode.NOT_FOUND);
  });

  it('removes a sub-notification with the preferences for it, and nothing else', async () => {
    await save('mercury', 'Mercury');
    await messaging.request(Requests.setPreferences, {
      ...tenant,
      userId: 'ada',
      preferences: [
        {
          notificationId: 'task_done',
          subNotificationId: 'mercury',
          channel: Channel.EMAIL,
          delivery: DeliveryOption.OFF,
        },
        { notificationId: 'task_done', channel: Channel.EMAIL, delivery: DeliveryOption.DAILY },
      ],
    });
    const ref = { ...tenant, notificationId: 'task_done', subNotificationId: 'mercury' };
    expect(await messaging.request(Requests.deleteSubNotification, ref)).toEqual({ success: true });
    const { preferences, subNotifications } = await preferencesOf('ada');
    expect(preferences).toEqual([
      { notificationId: 'task_done', channel: Channel.EMAIL, delivery: DeliveryOption.DAILY },
    ]);
    expect(subNotifications.map((s) => s.subNotificationId)).not.toContain('mercury');
    expect(await codeOf(messaging.request(Requests.deleteSubNotification, ref))).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it("goes with its type, and another environment's stay", async () => {
    await messaging.request(Requests.deleteType, { ...tenant, notificationId: 'task_done' });
    expect((await preferencesOf('anyone')).subNotifications).toEqual([]);
    expect((await preferencesOf('anyone', other)).subNotifications).toEqual([
      { notificationId: 'task_done', subNotificationId: 'gemini', title: 'Gemini' },
    ]);
  });
});
