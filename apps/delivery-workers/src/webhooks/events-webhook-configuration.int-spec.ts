import { INestApplicationContext } from '@nestjs/common';
import { Consumers, ErrorCode, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  TestDatabase,
} from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { acknowledgedUpTo, newTenant } from '../delivery/test-peers/delivery-fixtures';
import { EventsWebhooksService } from './events-webhooks.service';
import {
  bootWebhookWorkers,
  configureWebhook,
  publishStep,
} from './test-peers/events-webhook-fixtures';
import { WebhookReceiver } from './test-peers/webhook-peers';

/**
 * delivery-workers keeps the events webhook configuration it dispatches with: the gateway's
 * requests change it, and the next event already goes where the configuration now says, on every
 * replica (long before the 30 s a replica may otherwise keep what it read).
 */
describe('Events webhook configuration', () => {
  const namespace = createTestNamespace();
  let db: TestDatabase;
  let nats: NatsConnection;
  let receiver: WebhookReceiver;
  let app: INestApplicationContext;
  let replica: INestApplicationContext;

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await connect({ servers: process.env['NATS_URL'] });
    receiver = await WebhookReceiver.start();
    app = await bootWebhookWorkers(namespace, db.url);
    replica = await bootWebhookWorkers(namespace, db.url);
  });

  afterAll(async () => {
    await replica?.close();
    await app?.close();
    await nats?.close();
    await receiver?.close();
    await dropTestNamespace(namespace);
    await db?.drop();
  });

  const messaging = () => app.get(MessagingClient);

  const requestsTo = (path: string, count: number) =>
    eventually(() => {
      const requests = receiver.requestsTo(path);
      return requests.length >= count ? requests : undefined;
    });

  const dispatchedUpTo = (seq: number) =>
    eventually(() =>
      acknowledgedUpTo(nats, `${namespace}_EVENTS`, Consumers.deliveryWorkersWebhooks, seq),
    );

  it('answers the saved configuration, keeps its id and secret, and removes it once', async () => {
    const tenant = newTenant();
    expect(await messaging().request(Requests.getEventsWebhook, tenant)).toEqual({});

    const saved = await messaging().request(Requests.saveEventsWebhook, {
      ...tenant,
      webhook: 'https://receiver.test/a',
      events: ['SMS_FAILED', 'SMS_FAILED', 'EMAIL_OPEN'],
    });
    expect(saved).toEqual({
      webhookId: expect.any(String),
      webhook: 'https://receiver.test/a',
      events: ['SMS_FAILED', 'EMAIL_OPEN'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      created: true,
    });
    const replaced = await messaging().request(Requests.saveEventsWebhook, {
      ...tenant,
      webhook: 'https://receiver.test/b',
      events: ['CALL_FAILED'],
    });
    expect(replaced).toEqual({
      ...saved,
      webhook: 'https://receiver.test/b',
      events: ['CALL_FAILED'],
      created: false,
    });
    const { created: _created, ...config } = replaced;
    expect(await messaging().request(Requests.getEventsWebhook, tenant)).toEqual({ config });
    expect(
      await messaging().request(Requests.getEventsWebhook, { ...newTenant(), envId: tenant.envId }),
    ).toEqual({});

    expect(await messaging().request(Requests.deleteEventsWebhook, tenant)).toEqual({
      success: true,
    });
    await expect(messaging().request(Requests.deleteEventsWebhook, tenant)).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
    expect(await messaging().request(Requests.getEventsWebhook, tenant)).toEqual({});
  });

  it('sends the next event to the new URL as soon as the change is answered', async () => {
    const tenant = newTenant();
    const before = receiver.endpoint();
    const after = receiver.endpoint();
    await configureWebhook(messaging(), receiver, tenant, before, ['SMS_FAILED']);
    await publishStep(messaging(), tenant, 'sms', 'failed');
    await requestsTo(before.path, 1);
    // Whichever replica takes the next event has read the configuration before the change.
    for (const booted of [app, replica]) {
      const known = await booted.get(EventsWebhooksService).configOf(tenant);
      expect(known?.webhook).toBe(before.url);
    }

    await configureWebhook(messaging(), receiver, tenant, after, ['SMS_FAILED']);
    const next = await publishStep(messaging(), tenant, 'sms', 'failed');

    const [request] = await requestsTo(after.path, 1);
    expect(request?.rejection).toBeUndefined();
    expect(request?.headers['webhook-id']).toBe(next.id);
    expect(receiver.requestsTo(before.path)).toHaveLength(1);

    await messaging().request(Requests.deleteEventsWebhook, tenant);
    const afterRemoval = await publishStep(messaging(), tenant, 'sms', 'failed');
    await dispatchedUpTo(afterRemoval.seq);
    expect(receiver.requestsTo(after.path)).toHaveLength(1);
  });

  it('drops a changed configuration at once on its replica, and soon on the others', async () => {
    const tenant = newTenant();
    // Stored before the replicas read it (as a migrated row is): no broadcast is on its way.
    await db.query(
      `INSERT INTO delivery.events_webhooks (env_id, account_id, webhook_id, webhook, events, secret)
       VALUES ($1, $2, gen_random_uuid(), 'https://receiver.test/a', '{}', 'whsec_c2VjcmV0')`,
      [tenant.envId, tenant.accountId],
    );
    const [here, there] = [app, replica].map((booted) => booted.get(EventsWebhooksService));
    expect(await here!.configOf(tenant)).toMatchObject({ webhook: 'https://receiver.test/a' });
    expect(await there!.configOf(tenant)).toMatchObject({ webhook: 'https://receiver.test/a' });

    const changed = await here!.save({ ...tenant, webhook: 'https://receiver.test/b', events: [] });

    // No broadcast can have arrived yet: nothing between the save and this read waits on I/O.
    expect(changed).toMatchObject({ ...(await here!.configOf(tenant)), created: false });
    await eventually(async () =>
      (await there!.configOf(tenant))?.webhook === changed.webhook ? true : undefined,
    );
  });
});
