import { Webhook } from 'standardwebhooks';
import {
  createTestDatabase,
  createTestNamespace,
  cutPower,
  deliverMail,
  eventually,
  FakeTwilio,
  NatsOnMount,
  pauseProcess,
  childProcessOf,
  PostgresOnMount,
  PowercutMount,
  RunningSystem,
  SmtpPeer,
  TestDatabase,
  WebhookReceiver,
} from '@clarion/testing';
import { ApiClient } from './api-client';
import { AcknowledgedSend, BurstKind, isLogComplete, READERS, sendBurst } from './power-cut-burst';

type Json = Record<string, unknown>;

const TWILIO_TOKEN = 'power-cut-token';
/** Sends in the burst: half while notifications still runs, half after it is frozen. */
const BURST = 300;
const SETTLE_TIMEOUT_MS = 90_000;

/**
 * Issue 38: a send Clarion acknowledged (2xx) is never lost, even by a machine failure. PostgreSQL
 * and nats-server (`sync_interval: always`) keep their data in a powercut-fs mount, which drops
 * every write they did not fsync when the power goes (tools/powercut-fs/README.md). A burst of
 * every kind of send that answers before its work is done is accepted while the workers are
 * frozen, so the work is a backlog in JetStream and half-written batches; then every process
 * loses power at once, and everything restarts on what the disk kept.
 */
describe('a power cut loses nothing the system acknowledged', () => {
  const namespace = createTestNamespace();
  const env: Record<string, string> = {};
  let mount: PowercutMount;
  let postgres: PostgresOnMount;
  let nats: NatsOnMount;
  let smtp: SmtpPeer;
  let twilio: FakeTwilio;
  let receiver: WebhookReceiver;
  let database: TestDatabase;
  let system: RunningSystem;
  let api: ApiClient;
  let clientId: string;
  let webhookSecret: string;
  let inboxAddress: string;
  let apiKey: string;

  const startSystem = async () => {
    system = new RunningSystem({ databaseUrl: database.url, namespace, extraEnv: env });
    await system.start(90_000);
  };
  const inboxOf = async (userId: string) =>
    (
      await ApiClient.asEndUser(system.baseUrl, clientId, userId).call<{ notifications: Json[] }>(
        'GET',
        '/user/inapp?count=100',
      )
    ).body.notifications;
  const logsOf = async (trackingIds: string[]) => {
    const logs = new Map<string, Json>();
    for (let i = 0; i < trackingIds.length; i += 25) {
      const page = trackingIds.slice(i, i + 25).join(',');
      const answer = await api.call<{ logs: Json[] }>('GET', `/logs/${page}`);
      for (const log of answer.body.logs ?? []) logs.set(String(log['trackingId']), log);
    }
    return logs;
  };
  const send = async (body: Json) => {
    const answer = await api.call<{ trackingId: string }>('POST', '/send', body);
    expect(answer.status).toBe(200);
    return answer.body.trackingId;
  };
  const webhookPayloads = () => {
    const verifier = new Webhook(webhookSecret);
    return receiver.received.map((request) => ({
      id: request.headers['webhook-id'],
      payload: verifier.verify(request.body, request.headers) as Json,
    }));
  };
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

  // Peers are the outside world: they keep running through the cut.
  beforeAll(async () => {
    [smtp, twilio, receiver] = await Promise.all([
      SmtpPeer.start(),
      FakeTwilio.start('ACpowercut', TWILIO_TOKEN),
      WebhookReceiver.start(),
    ]);
    mount = await PowercutMount.mount();
    postgres = await PostgresOnMount.start(mount);
    nats = await NatsOnMount.start(mount, { syncAlways: true });
    database = await createTestDatabase(postgres.url);
    Object.assign(env, {
      NATS_URL: nats.url,
      SMTP_URL: smtp.url,
      TWILIO_BASE_URL: twilio.baseUrl,
      TWILIO_ACCOUNT_SID: 'ACpowercut',
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM_NUMBER: '+15550001111',
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      EMAIL_INBOUND_DOMAIN: 'inbox.powercut.test',
      WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s',
    });
    await startSystem();
    apiKey = system.createAccount('Power cut', 'owner@powercut.test').apiKey;
    api = ApiClient.withApiKey(system.baseUrl, apiKey);
  });

  afterAll(async () => {
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
    await mount?.unmount();
    await Promise.all([smtp?.close(), twilio?.close(), receiver?.close()]);
  });

  // What the test expects after the cut, filled in as the system acknowledges it.
  const acknowledged: AcknowledgedSend[] = [];
  const scheduled = { early: '', late: '', lateAt: '', lateTitle: 'fires after the cut' };
  let retractedSchedule = '';
  const bouncedUsers = ['bounced-0', 'bounced-1', 'bounced-2', 'bounced-3', 'bounced-4'];
  const inboundMessageId = '<power-cut-inbound@outside.test>';

  it('does the set-up work: a scheduled send fires, a retraction, bounced users', async () => {
    clientId = (await api.call<{ clientId: string }[]>('GET', '/environments')).body[0]!.clientId;
    const saved = await api.call<{ secret: string }>('PUT', '/webhooks/events', {
      webhook: receiver.url,
      events: ['EMAIL_FAILED', 'EMAIL_INBOUND'],
    });
    expect(saved.status).toBe(200);
    webhookSecret = saved.body.secret;
    const address = await api.call<{ address: { fullAddress: string } }>('POST', '/addresses', {
      prefix: 'support',
    });
    expect(address.status).toBe(201);
    inboxAddress = address.body.address.fullAddress;

    // One send of each kind first: the gateway then knows their types' send plans and answers
    // the burst without asking notifications, and the pipeline is seen to work before the cut.
    const warmUp = await sendBurst(api, [0, 4, 6, 8], 4);
    expect(warmUp.refused).toEqual([]);
    await eventually(
      async () => {
        const logs = await logsOf(warmUp.acknowledged.map((send) => send.trackingId));
        const done = (send: AcknowledgedSend) =>
          isLogComplete(send.kind, logs.get(send.trackingId));
        return warmUp.acknowledged.every(done) ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    // A scheduled send that fires before the cut (and must not fire again after it), and one
    // that an update makes due while notifications is frozen (it fires after the cut, once).
    scheduled.early = await send({
      type: 'burst-scheduled',
      to: { id: 'planner' },
      inapp: { title: 'fires before the cut' },
      schedule: inSeconds(3),
    });
    scheduled.late = await send({
      type: 'burst-scheduled',
      to: { id: 'planner' },
      inapp: { title: 'the old title' },
      schedule: inSeconds(3600),
    });
    await inboxHolds('planner', 1);

    // A retraction: two entries removed, a pending scheduled send canceled.
    for (const title of ['retracted one', 'retracted two']) {
      await send({ type: 'burst-retracted', to: { id: 'rhea' }, inapp: { title } });
    }
    retractedSchedule = await send({
      type: 'burst-retracted',
      to: { id: 'rhea' },
      inapp: { title: 'retracted before it fires' },
      schedule: inSeconds(3600),
    });
    await inboxHolds('rhea', 2);
    const retraction = await api.call('POST', '/sender/retract', {
      notificationId: 'burst-retracted',
      userId: 'rhea',
    });
    expect(retraction.body).toEqual({ success: true, removed: 2, canceled: 1 });

    // Bounced users, whose suppressions a bulk removal is to clear in the background.
    for (const id of bouncedUsers) {
      const created = await api.call('POST', `/users/${id}`, { email: `${id}@example.com` });
      expect(created.status).toBe(200);
    }
    await database.query(
      `UPDATE notifications.users SET email_suppression = '{"reason":"Bounce","retryable":false,"details":{}}' WHERE id = ANY($1)`,
      [bouncedUsers],
    );
  });

  it('accepts mail and a burst of sends with delivery-workers, then notifications, frozen', async () => {
    const mail = [
      'From: Customer <customer@outside.test>',
      `To: ${inboxAddress}`,
      'Subject: accepted just before the cut',
      `Message-ID: ${inboundMessageId}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Is my message safe?',
      '',
    ].join('\r\n');
    const envelope = { from: 'customer@outside.test', to: [inboxAddress] };
    await expect(deliverMail(system.inboundSmtpPort, envelope, mail)).resolves.toMatch(/^250/);
    // Nothing of a provider call is in flight: delivery-workers has been idle since the set-up.
    await pauseProcess(servicePid('delivery-workers'));

    expect((await api.call('DELETE', '/email/suppressions/bounces')).status).toBe(200);
    const indexes = Array.from({ length: BURST }, (_, i) => i + 10);
    const firstHalf = await sendBurst(api, indexes.slice(0, BURST / 2));
    scheduled.lateAt = inSeconds(3);
    const updated = await api.call('PUT', `/sender/scheduler/${scheduled.late}`, {
      type: 'burst-scheduled',
      to: { id: 'planner' },
      inapp: { title: scheduled.lateTitle },
      schedule: scheduled.lateAt,
    });
    expect(updated.status).toBe(200);
    // Frozen wherever it is: mid-batch, inbox entries and delivery jobs half written.
    await pauseProcess(servicePid('notifications'));
    const secondHalf = await sendBurst(api, indexes.slice(BURST / 2));
    acknowledged.push(...firstHalf.acknowledged, ...secondHalf.acknowledged);

    expect([...firstHalf.refused, ...secondHalf.refused]).toEqual([]);
    expect(acknowledged).toHaveLength(BURST);
  });

  it('loses power: every process killed at once, and the writes they did not sync', async () => {
    // The late scheduled send falls due before the power goes.
    await eventually(() => (Date.now() > Date.parse(scheduled.lateAt) ? true : undefined), {
      timeoutMs: 10_000,
    });
    const { synced, fsyncs } = mount.stats();
    const dropped = await cutPower(mount, [
      system.launcherPid!,
      ...postgres.processIds(),
      ...nats.processIds(),
    ]);
    report(
      `power cut after ${acknowledged.length} acknowledged sends: ${dropped.writes} writes ` +
        `(${dropped.bytes} bytes) in ${dropped.files} files dropped; ${synced.writes} writes ` +
        `(${synced.bytes} bytes) had been synced by ${fsyncs} fsyncs`,
    );
    // The cut must have cut something, or this test proves nothing.
    expect(dropped.writes).toBeGreaterThan(0);
  });

  it(
    'restarts on what the disk kept, and works off the backlog',
    async () => {
      await system.stop();
      await postgres.restart();
      await nats.restart();
      await startSystem();
      api = ApiClient.withApiKey(system.baseUrl, apiKey);
      // One deadline for all the work: what is still missing then is missing for good, and the
      // checks below say what it is.
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      let missing = await unfinishedWork();
      while (missing.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        missing = await unfinishedWork();
      }
      report(`${missing.length} pieces of acknowledged work unfinished after the restart`);
      expect({ unfinished: missing.length, first: missing.slice(0, 10) }).toEqual({
        unfinished: 0,
        first: [],
      });
    },
    60_000 + SETTLE_TIMEOUT_MS,
  );

  it('delivers every acknowledged in-app send to its inbox exactly once', async () => {
    const expected = ofKind('inapp');
    const readers = Array.from({ length: READERS }, (_, i) => inboxOf(`reader-${i}`));
    const ids = (await Promise.all(readers)).flat().map((entry) => String(entry['id']));
    report(deliveryLine('in-app', expected, ids));
    expect(countsOf(ids, expected)).toEqual(onceEach(expected));
  });

  it('hands every acknowledged email to the SMTP relay exactly once', () => {
    const expected = ofKind('email');
    const subjects = smtp.received.map((mail) => String(mail.mail.subject));
    report(deliveryLine('email', expected, subjects, 'mark'));
    expect(countsOf(subjects, expected, 'mark')).toEqual(onceEach(expected, 'mark'));
  });

  it('hands every acknowledged SMS to Twilio exactly once', () => {
    const expected = ofKind('sms');
    const bodies = twilio.requestsTo('Messages.json').map((message) => message.form.get('Body'));
    report(deliveryLine('SMS', expected, bodies.map(String), 'mark'));
    expect(countsOf(bodies.map(String), expected, 'mark')).toEqual(onceEach(expected, 'mark'));
  });

  it('delivers every events webhook owed, and the one of the mail accepted before the cut', () => {
    const expected = ofKind('webhook');
    const failures = webhookPayloads().filter(
      ({ payload }) => payload['eventType'] === 'EMAIL_FAILED',
    );
    const trackingIds = failures.map(({ payload }) => String(payload['trackingId']));
    const repeated = failures.length - new Set(failures.map(({ id }) => id)).size;
    report(
      `${deliveryLine('webhook', expected, trackingIds)}; ${repeated} repeated deliveries of one webhook-id (webhooks are at least once)`,
    );
    expect(expected.filter((send) => !trackingIds.includes(send.trackingId))).toEqual([]);
    expect(inboundWebhook()?.payload).toMatchObject({
      inbox: inboxAddress,
      from: 'customer@outside.test',
    });
  });

  it('completes the log record of every acknowledged send', async () => {
    const logs = await logsOf(acknowledged.map((send) => send.trackingId));
    const incomplete = acknowledged.filter(
      (send) => !isLogComplete(send.kind, logs.get(send.trackingId)),
    );
    expect(incomplete).toEqual([]);
  });

  it('fires each scheduled send once: the one due before the cut, and the one due during it', async () => {
    const entries = await inboxOf('planner');
    expect(entries.map((entry) => entry['id']).sort()).toEqual(
      [scheduled.early, scheduled.late].sort(),
    );
    expect(entries.find((entry) => entry['id'] === scheduled.late)).toMatchObject({
      title: scheduled.lateTitle,
    });
    const late = (await logsOf([scheduled.late])).get(scheduled.late);
    expect(Date.parse(String(late?.['inapp_delivered_at']))).toBeGreaterThanOrEqual(
      Date.parse(scheduled.lateAt),
    );
  });

  it('keeps the retraction: its entries stay removed and its scheduled send canceled', async () => {
    expect(await inboxOf('rhea')).toEqual([]);
    expect((await api.call('DELETE', `/sender/scheduler/${retractedSchedule}`)).status).toBe(404);
  });

  it('finishes the bulk removal of bounce suppressions', async () => {
    expect(await stillSuppressed()).toEqual([]);
  });

  /** What the system acknowledged and has not done yet, one line each. */
  async function unfinishedWork(): Promise<string[]> {
    const logs = await logsOf([...acknowledged.map((send) => send.trackingId), scheduled.late]);
    return [
      ...acknowledged
        .filter((send) => !isLogComplete(send.kind, logs.get(send.trackingId)))
        .map((send) => `${send.mark} (${send.trackingId})`),
      ...(isLogComplete('inapp', logs.get(scheduled.late)) ? [] : ['the late scheduled send']),
      ...(inboundWebhook() ? [] : ['the webhook of the inbound mail']),
      ...(await stillSuppressed()).map((id) => `the suppression of ${id}`),
    ];
  }

  function inboxHolds(userId: string, count: number): Promise<true> {
    return eventually(async () => ((await inboxOf(userId)).length === count ? true : undefined), {
      timeoutMs: 15_000,
      intervalMs: 250,
    });
  }

  function inboundWebhook() {
    return webhookPayloads().find(
      ({ payload }) =>
        payload['eventType'] === 'EMAIL_INBOUND' && payload['messageId'] === inboundMessageId,
    );
  }

  async function stillSuppressed(): Promise<string[]> {
    const users = await Promise.all(
      bouncedUsers.map(async (id) => ({
        id,
        user: (await api.call<Json>('GET', `/users/${id}`)).body,
      })),
    );
    return users
      .filter(({ user }) => user['emailSuppressionStatus'] !== undefined)
      .map(({ id }) => id);
  }

  function ofKind(kind: BurstKind): AcknowledgedSend[] {
    return acknowledged.filter((send) => send.kind === kind);
  }

  function servicePid(service: string): number {
    const pid = childProcessOf(system.launcherPid!, `dist/apps/${service}/src/main.js`);
    if (pid === undefined) throw new Error(`${service} is not running`);
    return pid;
  }

  function report(line: string): void {
    process.stderr.write(`power-cut.e2e: ${line}\n`);
  }
});

type Key = 'trackingId' | 'mark';

/** How many times each expected send's key shows in `seen`. */
function countsOf(seen: string[], expected: AcknowledgedSend[], key: Key = 'trackingId') {
  return Object.fromEntries(
    expected.map((send) => [send[key], seen.filter((value) => value === send[key]).length]),
  );
}

function onceEach(expected: AcknowledgedSend[], key: Key = 'trackingId') {
  return Object.fromEntries(expected.map((send) => [send[key], 1]));
}

function deliveryLine(
  what: string,
  expected: AcknowledgedSend[],
  seen: string[],
  key: Key = 'trackingId',
) {
  const counts = Object.values(countsOf(seen, expected, key));
  const delivered = counts.filter((count) => count > 0).length;
  const duplicates = counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0);
  return `${what}: ${expected.length} acknowledged, ${delivered} delivered, ${expected.length - delivered} missing, ${duplicates} duplicates`;
}
