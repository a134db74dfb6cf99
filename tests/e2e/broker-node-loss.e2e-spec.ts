import { StreamName } from '@clarion/contracts';
import { eventually, NatsCluster, runSystemForSuite, SmtpPeer } from '@clarion/testing';
import { connect } from 'nats';
import { ApiClient } from './api-client';
import { inboxIdsOf } from './inbox-ids';

/**
 * The longest a send may take to be answered. The send path waits on NATS for one JetStream ack:
 * a publish whose ack was lost with the node is sent again until it is settled, for at most 15 s
 * after its first send, checked every 250 ms (JetStreamPublisher's DEFAULT_ACK_TIMING); were a
 * cached credential or plan to need asking again, one request more (REQUEST_TIMEOUT_MS, 5 s); the
 * rest is an allowance for a loaded machine. A request still unanswered then is a hang.
 */
const ANSWER_BOUND_MS = 15_000 + 250 + 5_000 + 5_000;
/** Sends are accepted again once SENDS has a new leader (NATS elects after 4 to 9 s): seconds. */
const ACCEPTED_AGAIN_BOUND_MS = 30_000;
const INAPP_SENDERS = 4;
const PAUSE_BETWEEN_SENDS_MS = 50;
const LOAD_BEFORE_KILL_MS = 2_000;
const LOAD_AFTER_RECOVERY_MS = 2_000;
/** Few enough sends each that one page of an inbox holds them all. */
const USERS = Array.from({ length: 12 }, (_, index) => `user${index}`);

interface Answer {
  channel: 'inapp' | 'email';
  /** The in-app title or email subject, unique to the send. */
  label: string;
  startedAt: number;
  answeredAt: number;
  /** 0 when the request was not answered within ANSWER_BOUND_MS. */
  status: number;
  retryAfter: string | null;
  trackingId?: string;
}

/**
 * Issue 38: three nats-server nodes as one cluster, every stream with three copies, and the node
 * that leads SENDS killed with -9 under a steady load of in-app and email sends. About 40 s.
 */
describe('losing one broker node of three', () => {
  let cluster: NatsCluster;
  let smtp: SmtpPeer;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    [cluster, smtp] = await Promise.all([NatsCluster.start(3), SmtpPeer.start()]);
    Object.assign(env, {
      NATS_URL: cluster.url,
      NATS_STREAM_REPLICAS: '3',
      SMTP_URL: smtp.url,
      // Keys stay cached, so that what a send waits for on NATS is JetStream's ack.
      AUTH_CACHE_TTL_MS: String(10 * 60_000),
    });
    // The cluster's own deadlines (NatsCluster: 30 s to form) come first, on a slow machine too.
  }, 120_000);
  const suite = runSystemForSuite(env);
  // After the system's own hooks, so it runs once the system has stopped.
  afterAll(() => Promise.all([cluster?.stop(), smtp?.close()]));

  let authorization: string;
  let clientId: string;
  const answers: Answer[] = [];
  let sequence = 0;
  let loadRunning = true;

  it('delivers every acknowledged send once, answers 503 meanwhile, and accepts again within seconds', async () => {
    const account = suite.system.createAccount('Node Loss Inc', 'owner@node-loss.test');
    authorization = `Bearer ${account.apiKey}`;
    const api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    clientId = (await api.call<{ clientId: string }[]>('GET', '/environments')).body[0]!.clientId;
    // Both types exist, and their plans are cached, before the load.
    expect((await send('inapp')).status).toBe(200);
    expect((await send('email')).status).toBe(200);

    const load = [
      ...Array.from({ length: INAPP_SENDERS }, () => sendUntilStopped('inapp')),
      sendUntilStopped('email'),
    ];
    let killedAt = 0;
    let acceptedAgainAt = 0;
    try {
      await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_KILL_MS));
      const leader = await cluster.streamLeader(`${suite.namespace}_${StreamName.SENDS}`);
      killedAt = Date.now();
      await cluster.kill(leader);
      progress(`killed ${leader.name}, the leader of SENDS, after ${answers.length} answers`);
      acceptedAgainAt = await eventually(() => firstAcceptedAfter(killedAt), {
        timeoutMs: ACCEPTED_AGAIN_BOUND_MS,
        intervalMs: 100,
      }).catch(() => {
        throw new Error(
          `no send made after the kill was accepted within ${ACCEPTED_AGAIN_BOUND_MS} ms: ${summary(answers)}`,
        );
      });
      await new Promise((resolve) => setTimeout(resolve, LOAD_AFTER_RECOVERY_MS));
    } finally {
      loadRunning = false;
      await Promise.all(load);
    }
    const inFlight = answers.filter((a) => a.startedAt < killedAt && a.answeredAt > killedAt);
    progress(
      `a send made after the kill was first accepted ${acceptedAgainAt - killedAt} ms after it; ` +
        `answers: ${summary(answers)}; in flight at the kill: ${summary(inFlight)}`,
    );

    // Nothing but "accepted" and "not now, retry after …", each within the bound.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 503 && !answer.retryAfter)).toEqual([]);
    expect(answers.filter((answer) => tookMs(answer) > ANSWER_BOUND_MS)).toEqual([]);

    const accepted = answers.filter((answer) => answer.status === 200);
    const inbox = await eventually(
      async () => {
        const ids = await inboxIds();
        const mailed = new Set(smtp.received.map((email) => email.mail.subject));
        const undelivered = accepted.filter((answer) =>
          answer.channel === 'inapp'
            ? !ids.includes(answer.trackingId!)
            : !mailed.has(answer.label),
        );
        return undelivered.length === 0 ? ids : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    progress(`every accepted send was delivered ${Date.now() - killedAt} ms after the kill`);
    // Once each, and nothing that was refused ("not stored") arrived.
    const subjects = smtp.received.map((email) => email.mail.subject ?? '');
    expect(duplicatesOf(inbox)).toEqual([]);
    expect(duplicatesOf(subjects)).toEqual([]);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.filter((answer) => inbox.includes(answer.trackingId!))).toEqual([]);
    expect(refused.filter((answer) => subjects.includes(answer.label))).toEqual([]);

    const killed = cluster.nodes.find((node) => !cluster.isRunning(node))!;
    await cluster.restart(killed);
    await expectSendsReplicatedOnEveryNode();
  }, 120_000);

  async function send(channel: Answer['channel']): Promise<Answer> {
    const label = `${channel} ${++sequence}`;
    const userId = USERS[sequence % USERS.length]!;
    const body =
      channel === 'inapp'
        ? {
            type: 'node-loss',
            to: { id: userId },
            forceChannels: ['INAPP_WEB'],
            inapp: { title: label },
          }
        : {
            type: 'node-loss-mail',
            to: { id: userId, email: `${userId}@example.com` },
            forceChannels: ['EMAIL'],
            email: { subject: label, html: `<p>${label}</p>` },
          };
    const startedAt = Date.now();
    try {
      const response = await fetch(`${suite.system.baseUrl}/send`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(ANSWER_BOUND_MS),
      });
      const { trackingId } = (await response.json()) as { trackingId?: string };
      const retryAfter = response.headers.get('retry-after');
      const { status } = response;
      return { channel, label, startedAt, answeredAt: Date.now(), status, retryAfter, trackingId };
    } catch {
      return { channel, label, startedAt, answeredAt: Date.now(), status: 0, retryAfter: null };
    }
  }

  async function sendUntilStopped(channel: Answer['channel']): Promise<void> {
    while (loadRunning) {
      answers.push(await send(channel));
      await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_SENDS_MS));
    }
  }

  /** When the first send made after `killedAt` was accepted (answers arrive in time order). */
  function firstAcceptedAfter(killedAt: number): number | undefined {
    return answers.find((answer) => answer.startedAt > killedAt && answer.status === 200)
      ?.answeredAt;
  }

  function inboxIds(): Promise<string[]> {
    return inboxIdsOf(suite.system.baseUrl, clientId, USERS);
  }

  /** The restarted node caught up: SENDS has three copies again, every one current. */
  async function expectSendsReplicatedOnEveryNode(): Promise<void> {
    const connection = await connect({ servers: cluster.url.split(',') });
    const stream = `${suite.namespace}_${StreamName.SENDS}`;
    let followers: { name: string; current: boolean }[] = [];
    try {
      const manager = await connection.jetstreamManager();
      await eventually(
        async () => {
          followers = (await manager.streams.info(stream)).cluster?.replicas ?? [];
          return (followers.length === 2 && followers.every((peer) => peer.current)) || undefined;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      ).catch(() => {
        throw new Error(
          `SENDS did not get its three current copies back: ${JSON.stringify(followers)}`,
        );
      });
    } finally {
      await connection.close();
    }
  }
});

function tookMs(answer: Answer): number {
  return answer.answeredAt - answer.startedAt;
}

function duplicatesOf(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

/** "300×200, 400×503; slowest 5071 ms". */
function summary(answers: readonly Answer[]): string {
  if (answers.length === 0) return 'none';
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  const slowest = Math.max(...answers.map(tookMs));
  return `${[...counts].map(([status, count]) => `${count}×${status}`).join(', ')}; slowest ${slowest} ms`;
}

/** A long test says where it is (stderr is not held back by Jest). */
function progress(line: string): void {
  process.stderr.write(`[broker node loss] ${line}\n`);
}
