import { INestApplicationContext } from '@nestjs/common';
import {
  Channel,
  DeliveryOption,
  EventEnvelope,
  newTimeOrderedId,
  PreferenceDto,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, eventually, TestDatabase } from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';
import { PreferencesRepository } from './preferences.repository';
import { unsubscribeEventOf } from './unsubscribe-event-of';

const ACCOUNT = newTimeOrderedId();
const ENV = newTimeOrderedId();

describe('preferences an end user turns off are reported as unsubscribes', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  let nats: NatsConnection;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    messaging = app.get(MessagingClient);
    nats = await connect({ servers: process.env['NATS_URL'] });
  });

  afterAll(async () => {
    await nats.close();
    await stopNotifications({ app, database }, namespace);
  });

  const user = (userId: string) => ({ accountId: ACCOUNT, envId: ENV, userId });

  const setByEndUser = (userId: string, preferences: PreferenceDto[]) =>
    messaging.request(Requests.setPreferences, {
      ...user(userId),
      preferences,
      reportUnsubscribes: true,
    });

  const pref = (channel: Channel, delivery: DeliveryOption, notificationId = 'news') => ({
    notificationId,
    channel,
    delivery,
  });

  /** The unsubscribe events of a user on the stream so far. */
  async function unsubscribesOf(userId: string): Promise<EventEnvelope[]> {
    const consumer = await nats.jetstream().consumers.get(`${namespace}_EVENTS`);
    const events: EventEnvelope[] = [];
    for await (const message of await consumer.fetch({ max_messages: 1000, expires: 1_000 })) {
      events.push(message.json<EventEnvelope>());
    }
    return events.filter(
      (event) => event.kind.endsWith('.unsubscribe') && event.data['userId'] === userId,
    );
  }

  const eventuallyCount = (userId: string, count: number) =>
    eventually(async () => {
      const found = await unsubscribesOf(userId);
      return found.length === count ? found : undefined;
    });

  it('publishes one event per channel turned off where there was no preference yet, with its own trackingId', async () => {
    await setByEndUser('ada', [
      pref(Channel.INAPP_WEB, DeliveryOption.OFF),
      pref(Channel.PUSH, DeliveryOption.OFF),
      pref(Channel.EMAIL, DeliveryOption.INSTANT),
    ]);
    const events = await eventuallyCount('ada', 2);
    expect(events.map((e) => e.kind).sort()).toEqual([
      'delivery.inapp.unsubscribe',
      'delivery.mobile_push.unsubscribe',
    ]);
    for (const event of events) {
      expect(event).toMatchObject({
        id: `${event.trackingId}:${event.kind}`,
        accountId: ACCOUNT,
        envId: ENV,
        data: { status: 'unsubscribe', userId: 'ada', notificationId: 'news' },
      });
    }
    expect(new Set(events.map((e) => e.trackingId)).size).toBe(2);
  });

  it('publishes nothing for a preference already off, and again once it was turned back on', async () => {
    await setByEndUser('grace', [pref(Channel.SMS, DeliveryOption.INSTANT)]);
    await setByEndUser('grace', [pref(Channel.SMS, DeliveryOption.OFF)]);
    const [first] = await eventuallyCount('grace', 1);
    await setByEndUser('grace', [pref(Channel.SMS, DeliveryOption.OFF)]);
    await setByEndUser('grace', [pref(Channel.SMS, DeliveryOption.DAILY)]);
    await setByEndUser('grace', [pref(Channel.SMS, DeliveryOption.OFF)]);
    const events = await eventuallyCount('grace', 2);
    expect(events.map((e) => e.kind)).toEqual([
      'delivery.sms.unsubscribe',
      'delivery.sms.unsubscribe',
    ]);
    expect(events[1]?.trackingId).not.toBe(first?.trackingId);
  });

  it('publishes nothing for changes made through the server API', async () => {
    await messaging.request(Requests.setPreferences, {
      ...user('server-made'),
      preferences: [pref(Channel.SLACK, DeliveryOption.OFF)],
    });
    await setByEndUser('server-made-marker', [pref(Channel.SLACK, DeliveryOption.OFF)]);
    await eventuallyCount('server-made-marker', 1);
    expect(await unsubscribesOf('server-made')).toEqual([]);
  });

  it('reports on the retry an unsubscribe whose request failed after the write, under the same id', async () => {
    const request = {
      ...user('retried'),
      preferences: [pref(Channel.WEB_PUSH, DeliveryOption.OFF, 'digest')],
      reportUnsubscribes: true,
    };
    // The write committed, then the service stopped before publishing.
    const [pending] = await app.get(PreferencesRepository).upsert(request);
    expect(await unsubscribesOf('retried')).toEqual([]);

    await messaging.request(Requests.setPreferences, request);
    const [event] = await eventuallyCount('retried', 1);
    expect(event?.id).toBe(pending && unsubscribeEventOf(request, pending).id);
    expect(event).toMatchObject({
      kind: 'delivery.web_push.unsubscribe',
      occurredAt: new Date(Math.floor(Number(pending?.pendingSinceMicros) / 1000)).toISOString(),
      data: { notificationId: 'digest' },
    });

    // Reported now: a further retry finds nothing pending and publishes nothing.
    await messaging.request(Requests.setPreferences, request);
    await setByEndUser('retried', [pref(Channel.SLACK, DeliveryOption.OFF, 'digest')]);
    const after = await eventuallyCount('retried', 2);
    expect(after.map((e) => e.kind)).toEqual([
      'delivery.web_push.unsubscribe',
      'delivery.slack.unsubscribe',
    ]);
  });
});
