import { INestApplicationContext } from '@nestjs/common';
import { Channel, newTimeOrderedId, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, TestDatabase } from '@clarion/testing';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';

const tenant = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };
const other = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };

describe('send plans: the type a send names exists once its plan is answered', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    messaging = app.get(MessagingClient);
  });

  afterAll(() => stopNotifications({ app, database }, namespace));

  const ensure = (
    notificationId: string,
    channels: Channel[],
    options: { subNotificationId?: string; scope?: typeof tenant } = {},
  ) =>
    messaging.request(Requests.ensureSendPlan, {
      ...(options.scope ?? tenant),
      notificationId,
      channels,
      ...(options.subNotificationId !== undefined && {
        subNotificationId: options.subNotificationId,
      }),
    });
  const typeOf = (notificationId: string, scope = tenant) =>
    messaging.request(Requests.getType, { ...scope, notificationId });

  it('creates a new type with the channels of the send, titled by its id', async () => {
    expect(await ensure('welcome', [Channel.EMAIL, Channel.INAPP_WEB])).toEqual({
      channels: [Channel.EMAIL, Channel.INAPP_WEB],
      templates: [],
      subNotificationIds: [],
    });
    expect(await typeOf('welcome')).toMatchObject({
      notificationId: 'welcome',
      title: 'welcome',
      channels: [Channel.EMAIL, Channel.INAPP_WEB],
      enabled: true,
    });
  });

  it('answers an existing type as it is, with its templates, and leaves its channels', async () => {
    await messaging.request(Requests.createType, {
      ...tenant,
      settings: { notificationId: 'digest', channels: [Channel.SMS] },
    });
    await messaging.request(Requests.createTemplate, {
      ...tenant,
      notificationId: 'digest',
      channel: Channel.SMS,
      templateId: 'short',
      body: { text: 'Hi {{ name }}' },
    });
    expect(await ensure('digest', [Channel.EMAIL])).toEqual({
      channels: [Channel.SMS],
      templates: [
        { channel: Channel.SMS, templateId: 'short', isDefault: true, variables: ['name'] },
      ],
      subNotificationIds: [],
    });
    expect((await typeOf('digest')).channels).toEqual([Channel.SMS]);
  });

  it('creates a type once when two first sends of it ask at the same time', async () => {
    const plans = await Promise.all([
      ensure('raced', [Channel.SMS]),
      ensure('raced', [Channel.EMAIL]),
    ]);
    expect(plans[0]).toEqual(plans[1]);
    expect((await typeOf('raced')).channels).toEqual(plans[0].channels);
  });

  it('registers the sub-notification a send names, and lists those of the type', async () => {
    await ensure('comment', [Channel.INAPP_WEB], { subNotificationId: 'project-a' });
    const plan = await ensure('comment', [Channel.INAPP_WEB], { subNotificationId: 'project-b' });
    expect(plan.subNotificationIds).toEqual(['project-a', 'project-b']);
    const { subNotifications } = await messaging.request(Requests.getPreferences, {
      ...tenant,
      userId: 'anyone',
    });
    expect(subNotifications).toEqual(
      expect.arrayContaining([
        { notificationId: 'comment', subNotificationId: 'project-a', title: 'project-a' },
        { notificationId: 'comment', subNotificationId: 'project-b', title: 'project-b' },
      ]),
    );
  });

  it('creates a type the customer deleted again, as a send of it does', async () => {
    await ensure('farewell', [Channel.EMAIL]);
    await messaging.request(Requests.deleteType, { ...tenant, notificationId: 'farewell' });
    expect(await ensure('farewell', [Channel.SMS])).toMatchObject({ channels: [Channel.SMS] });
    expect((await typeOf('farewell')).channels).toEqual([Channel.SMS]);
  });

  it("keeps each environment's types to itself", async () => {
    await ensure('shared_name', [Channel.EMAIL], { subNotificationId: 'mine' });
    const theirs = await ensure('shared_name', [Channel.PUSH], { scope: other });
    expect(theirs).toEqual({ channels: [Channel.PUSH], templates: [], subNotificationIds: [] });
    expect((await typeOf('shared_name')).channels).toEqual([Channel.EMAIL]);
  });
});
