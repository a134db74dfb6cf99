import { INestApplicationContext } from '@nestjs/common';
import { newTimeOrderedId, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, TestDatabase } from '@clarion/testing';
import { UsersRepository } from '../users/users.repository';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';

const tenant = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };
const device = { device_id: 'phone-1' };
const subscription = (endpoint: string) => ({
  sub: { endpoint, keys: { p256dh: 'k', auth: 'a' } },
});

describe('address state reported by providers', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    messaging = app.get(MessagingClient);
  });

  afterAll(() => stopNotifications({ app, database }, namespace));

  it('removes only the dead push token and subscription of the user', async () => {
    await messaging.request(Requests.identifyUser, {
      ...tenant,
      userId: 'ada',
      fields: {
        pushTokens: [
          { type: 'FCM', token: 'dead', device },
          { type: 'APN', token: 'alive', device },
        ],
        webPushTokens: [
          subscription('https://push.example/dead'),
          subscription('https://push.example/alive'),
        ],
      },
    });
    await messaging.request(Requests.removeDeadAddress, {
      ...tenant,
      userId: 'ada',
      pushToken: 'dead',
    });
    await messaging.request(Requests.removeDeadAddress, {
      ...tenant,
      userId: 'ada',
      webPushEndpoint: 'https://push.example/dead',
    });
    const user = await messaging.request(Requests.getUser, { ...tenant, userId: 'ada' });
    expect(user.pushTokens?.map((token) => token.token)).toEqual(['alive']);
    expect(user.webPushTokens?.map((token) => token.sub.endpoint)).toEqual([
      'https://push.example/alive',
    ]);
  });

  it('marks a number that texted STOP on its users, however the number is written, until START', async () => {
    const recipientOf = async () =>
      (
        await app
          .get(UsersRepository)
          .upsertMany([
            { ...tenant, id: 'grace', fields: { number: '+1 555 010 0000' }, touchLastSeen: false },
          ])
      )[0];
    const stop = { ...tenant, number: '+15550100000', keyword: 'STOP' };
    await messaging.request(Requests.setSmsOptOut, { ...stop, optedOut: true });
    expect((await recipientOf())?.smsOptOut).toBe('STOP');
    await messaging.request(Requests.setSmsOptOut, { ...stop, optedOut: false, keyword: 'START' });
    expect((await recipientOf())?.smsOptOut).toBeUndefined();
  });
});
