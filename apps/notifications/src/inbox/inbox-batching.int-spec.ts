import { INestApplicationContext } from '@nestjs/common';
import {
  Channel,
  Consumers,
  DeliveryOption,
  EventEnvelope,
  InappNotificationResponseDto,
  InboxChange,
  InboxEntry,
  Jobs,
  newTimeOrderedId,
  Requests,
  SendCommand,
  SendDto,
  SendProcessedData,
} from '@clarion/contracts';
import { MessagingClient, payloadsOf } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { NotificationsEnv } from '../notifications.env';
import { InappDelivery } from './inapp-delivery';
import { NotificationsModule } from '../notifications.module';

describe('in-app batching with two notifications replicas', () => {
  const namespace = createTestNamespace();
  const accountId = newTimeOrderedId();
  const envId = newTimeOrderedId();
  let database: TestDatabase;
  let replicas: INestApplicationContext[];
  let nats: NatsConnection;
  const processed = new Map<string, SendProcessedData>();
  const broadcasts: InboxChange[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    nats = await connect({ servers: process.env['NATS_URL'] });
    nats.subscribe(`${namespace}.billing.environment.settings`, {
      callback: (_, message) => {
        message.respond(JSON.stringify({ ok: true, data: { envId, disableSending: [] } }));
      },
    });
    nats.subscribe(`${namespace}.evt.send.processed`, {
      callback: (_, message) => {
        for (const event of payloadsOf(message) as EventEnvelope<SendProcessedData>[]) {
          processed.set(event.trackingId, event.data);
        }
      },
    });
    nats.subscribe(`${namespace}.notifications.inbox-changes.>`, {
      callback: (_, message) => broadcasts.push(message.json<InboxChange>()),
    });
    const env = testEnv(NotificationsEnv, { namespace, databaseUrl: database.url });
    replicas = await Promise.all([
      bootService(NotificationsModule.forRoot(env)),
      bootService(NotificationsModule.forRoot(env)),
    ]);
    await Promise.all(replicas.map((replica) => replica.init()));
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await nats.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  const messaging = () => replicas[0]!.get(MessagingClient);

  async function createBatchingType(notificationId: string, batchingWindow?: number) {
    await messaging().request(Requests.createType, {
      accountId,
      envId,
      settings: {
        notificationId,
        channels: [Channel.INAPP_WEB],
        options: {
          INAPP_WEB: {
            defaultDeliveryOption: DeliveryOption.INSTANT,
            instant: { enabled: true, batching: true, batchingKey: 'thread', batchingWindow },
          },
        },
      },
    });
  }

  function commandOf(body: SendDto, receivedAt = new Date()): SendCommand {
    return {
      trackingId: newTimeOrderedId(),
      accountId,
      envId,
      receivedAt: receivedAt.toISOString(),
      origin: {},
      body,
    };
  }

  /** Puts the commands on SENDS at once, as many gateways would, and waits for them all. */
  async function processAll(commands: SendCommand[]): Promise<SendProcessedData[]> {
    await Promise.all(
      commands.map((command) =>
        messaging().publishJob(Jobs.acceptedSend, command, { msgId: command.trackingId }),
      ),
    );
    return eventually(
      () =>
        commands.every((c) => processed.has(c.trackingId))
          ? commands.map((c) => processed.get(c.trackingId)!)
          : undefined,
      { timeoutMs: 20_000 },
    );
  }

  function inboxOf(userId: string): Promise<InappNotificationResponseDto[]> {
    return messaging().request(Requests.listInbox, { accountId, envId, userId, count: 50 });
  }

  async function trackingIdsOfBatch(id: string): Promise<string[]> {
    const [row] = await database.query<{ ids: string[] }>(
      `SELECT batch_tracking_ids::text[] AS ids FROM notifications.inbox_notifications
        WHERE env_id = $1 AND tracking_id = $2`,
      [envId, id],
    );
    return row?.ids ?? [];
  }

  const comment = (userId: string, thread: string, i: number): SendDto => ({
    type: 'comments',
    to: { id: userId },
    inapp: { title: `Comment ${i} on ${thread}`, url: `https://example.com/${thread}/${i}` },
    parameters: { thread },
  });

  it('gathers 50 racing sends of one key into one entry, losing and doubling none', async () => {
    await createBatchingType('comments');
    const commands = Array.from({ length: 50 }, (_, i) => commandOf(comment('ada', 'a', i)));
    const other = [1, 2, 3].map((i) => commandOf(comment('ada', 'b', i)));
    const results = await processAll([...commands, ...other]);

    expect(results.every((r) => r.channels.inapp?.routing === 'BATCH')).toBe(true);
    expect(results.every((r) => r.deliveries?.some((d) => d.status === 'delivered'))).toBe(true);
    const inbox = await inboxOf('ada');
    expect(inbox).toHaveLength(2);
    const entry = inbox.find((e) => e.batch?.count === 50)!;
    expect(inbox.find((e) => e !== entry)?.batch?.count).toBe(3);
    const latestFirst = [...commands].sort(
      (a, b) =>
        b.receivedAt.localeCompare(a.receivedAt) || b.trackingId.localeCompare(a.trackingId),
    );
    expect(entry.batch!.items.map((item) => item.trackingId)).toEqual(
      latestFirst.slice(0, 10).map((c) => c.trackingId),
    );
    expect(entry.title).toBe(entry.batch!.items[0]!.title);
    expect(entry.date).toBe(latestFirst[0]!.receivedAt);
    const ids = await trackingIdsOfBatch(entry.id);
    expect(new Set(ids).size).toBe(50);
    expect([...ids].sort()).toEqual(commands.map((c) => c.trackingId).sort());
  });

  it('does not count a redelivered send twice', async () => {
    const first = commandOf(comment('bob', 'a', 1));
    const second = commandOf(comment('bob', 'a', 2));
    await processAll([first, second]);
    // Handed over again under other msg ids, as a redelivery after a lost ack would be.
    await Promise.all(
      [first, second].map((command) =>
        messaging().publishJob(Jobs.acceptedSend, command, {
          msgId: `${command.trackingId}:again`,
        }),
      ),
    );
    const third = commandOf(comment('bob', 'a', 3));
    await processAll([third]);
    await eventually(async () => {
      const manager = await nats.jetstreamManager();
      const info = await manager.consumers.info(`${namespace}_SENDS`, Consumers.notificationsSends);
      return info.num_pending === 0 && info.num_ack_pending === 0 ? true : undefined;
    });
    const inbox = await inboxOf('bob');
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.batch!.count).toBe(3);
    expect(inbox[0]!.batch!.items.map((item) => item.trackingId)).toEqual([
      third.trackingId,
      second.trackingId,
      first.trackingId,
    ]);
  });

  it('opens a new entry for a send after the window, and keeps the closed one', async () => {
    await createBatchingType('digestible', 1_000);
    const start = Date.now() - 10_000;
    const at = (offset: number) => new Date(start + offset);
    const body = (i: number): SendDto => ({
      ...comment('cat', 'a', i),
      type: 'digestible',
    });
    await processAll([commandOf(body(1), at(0)), commandOf(body(2), at(500))]);
    const late = commandOf(body(3), at(2_000));
    await processAll([late]);
    const inbox = await inboxOf('cat');
    expect(inbox.map((entry) => entry.batch?.count)).toEqual([1, 2]);
    expect(inbox[0]!.id).toBe(late.trackingId);
    const again = commandOf(body(4), at(2_500));
    await processAll([again]);
    const after = await inboxOf('cat');
    expect(after.map((entry) => entry.batch?.count)).toEqual([2, 2]);
    expect(after[0]!.batch!.items.map((item) => item.trackingId)).toEqual([
      again.trackingId,
      late.trackingId,
    ]);
  });

  describe('statements racing on both replicas', () => {
    const batching = { key: '"r"', windowMs: 60_000 };
    const entryOf = (userId: string, i: number, receivedAt: Date): InboxEntry => ({
      trackingId: newTimeOrderedId(),
      accountId,
      envId,
      userId,
      notificationId: 'racing',
      title: `Race ${i}`,
      parameters: { i },
      receivedAt: receivedAt.toISOString(),
    });
    /** Each entry stored by its own call, half of them on each replica, all at once. */
    const storeRacing = (entries: InboxEntry[]) =>
      Promise.all(
        entries.map((entry, i) => replicas[i % 2]!.get(InappDelivery).store([{ entry, batching }])),
      );

    it('lands 50 racing statements in one entry, and their redelivery changes no count', async () => {
      const entries = Array.from({ length: 50 }, (_, i) => entryOf('eve', i, new Date()));
      const steps = await storeRacing(entries);
      expect(steps.every((map) => map.values().next().value?.[1]?.status === 'delivered')).toBe(
        true,
      );
      await storeRacing(entries);
      const inbox = await inboxOf('eve');
      expect(inbox).toHaveLength(1);
      expect(inbox[0]!.batch!.count).toBe(50);
      expect((await trackingIdsOfBatch(inbox[0]!.id)).sort()).toEqual(
        entries.map((e) => e.trackingId).sort(),
      );
    });

    it('reports a send the inbox refuses failed, and batches the others of its call', async () => {
      const good = entryOf('gus', 1, new Date());
      const bad = {
        ...entryOf('gus', 2, new Date()),
        notificationId: 'other',
        title: 'Nul \u0000',
      };
      const steps = await replicas[0]!.get(InappDelivery).store([
        { entry: good, batching },
        { entry: bad, batching },
      ]);
      expect(steps.get(bad.trackingId)).toMatchObject([
        { status: 'failed', failedCode: 'IN_APP_WEB_FAILED' },
      ]);
      expect(steps.get(good.trackingId)?.map((step) => step.status)).toEqual(['sent', 'delivered']);
      expect((await inboxOf('gus')).map((entry) => entry.batch?.count)).toEqual([1]);
    });

    it('stores a backlog spanning seven windows in one call as seven entries', async () => {
      const start = Date.now() - 600_000;
      const backlog = Array.from({ length: 14 }, (_, i) =>
        entryOf('hal', i, new Date(start + Math.floor(i / 2) * 61_000 + (i % 2))),
      );
      await replicas[0]!.get(InappDelivery).store(backlog.map((entry) => ({ entry, batching })));
      const inbox = await inboxOf('hal');
      expect(inbox.map((entry) => entry.batch?.count)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    });

    it('lands 50 racing statements after the window closed in one new entry', async () => {
      const old = entryOf('fay', 0, new Date(Date.now() - 120_000));
      await storeRacing([old]);
      const entries = Array.from({ length: 50 }, (_, i) => entryOf('fay', i + 1, new Date()));
      await storeRacing(entries);
      const inbox = await inboxOf('fay');
      expect(inbox.map((entry) => entry.batch?.count)).toEqual([50, 1]);
      expect(await trackingIdsOfBatch(old.trackingId)).toEqual([old.trackingId]);
    });
  });

  it('makes a seen batch unseen again when it grows', async () => {
    const first = commandOf(comment('dan', 'z', 1));
    await processAll([first]);
    await messaging().request(Requests.markSeen, {
      accountId,
      envId,
      userId: 'dan',
      target: {},
    });
    expect(
      await messaging().request(Requests.countUnread, { accountId, envId, userId: 'dan' }),
    ).toBe(0);
    await processAll([commandOf(comment('dan', 'z', 2))]);
    expect(
      await messaging().request(Requests.countUnread, { accountId, envId, userId: 'dan' }),
    ).toBe(1);
    const [entry] = await inboxOf('dan');
    expect(entry).toMatchObject({ id: first.trackingId, seen: false, batch: { count: 2 } });
    // Open realtime streams hear the grown entry (same id, a new cursor) from the broadcast.
    const heard = await eventually(() =>
      broadcasts
        .filter((change) => change.userId === 'dan')
        .flatMap((change) => change.entries)
        .find((e) => e.id === first.trackingId && e.batch?.count === 2),
    );
    expect(heard).toMatchObject({ seen: false, cursor: expect.stringMatching(/^\d+$/) });
  });
});
