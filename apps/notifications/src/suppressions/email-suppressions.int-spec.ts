import { INestApplicationContext } from '@nestjs/common';
import {
  Channel,
  EventEnvelope,
  newTimeOrderedId,
  Requests,
  SuppressionReason,
  TenantScope,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { createTestNamespace, eventually, TestDatabase } from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';
import {
  acceptSend,
  answerEnvironmentSettings,
  eventsOfSend,
} from '../test-peers/sends-under-test';

const tenant: TenantScope = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };
const otherTenant: TenantScope = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };
const HARD_BOUNCE = {
  reason: SuppressionReason.BOUNCE,
  retryable: false,
  details: { code: 'PERMANENT_NO_EMAIL_BOUNCE', status: '5.1.1' },
};
const SOFT_BOUNCE = {
  reason: SuppressionReason.BOUNCE,
  retryable: true,
  details: { code: 'TRANSIENT_MAILBOX_FULL_BOUNCE', status: '5.2.2' },
};
const COMPLAINT = {
  reason: SuppressionReason.COMPLAINT,
  retryable: false,
  details: { code: 'COMPLAINT_ABUSE' },
};

describe('email suppression after a bounce or a complaint', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  let relay: NatsConnection;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    messaging = app.get(MessagingClient);
    relay = await connect({ servers: process.env['NATS_URL'] });
    answerEnvironmentSettings(relay, namespace);
  });

  afterAll(async () => {
    await relay.close();
    await stopNotifications({ app, database }, namespace);
  });

  /** Sends an email to the user (storing their address) and answers its events once processed. */
  const sendEmail = async (scope: TenantScope, userId: string) => {
    const trackingId = await acceptSend(messaging, scope, {
      type: 'alert',
      to: { id: userId, email: `${userId}@example.test` },
      forceChannels: [Channel.EMAIL],
      email: { subject: 'Alert', html: '<p>alert</p>' },
    });
    return eventually(async () => {
      const events = await eventsOfSend(relay, namespace, trackingId);
      return events.some((event) => event.kind === 'send.processed') ? events : undefined;
    });
  };
  /** The failed code of the send's email, undefined when it was handed to delivery. */
  const emailFailureOf = (events: EventEnvelope[]) => {
    const processed = events.find((event) => event.kind === 'send.processed');
    expect(processed?.data['channels']).toMatchObject({ email: { routing: 'SEND' } });
    return events.find((event) => event.kind === 'delivery.email.failed')?.data['failedCode'];
  };
  const suppress = (scope: TenantScope, userId: string, suppression: object) =>
    messaging.request(Requests.suppressEmail, {
      ...scope,
      userId,
      ...(suppression as typeof HARD_BOUNCE),
    });
  const storedSuppression = async (scope: TenantScope, userId: string) => {
    const [row] = await database.query<{ email_suppression: unknown; updated_at: Date }>(
      `SELECT email_suppression, updated_at FROM notifications.users
        WHERE account_id = $1 AND env_id = $2 AND id = $3`,
      [scope.accountId, scope.envId, userId],
    );
    return row;
  };

  it('fails the next send SUPPRESSED_BOUNCE after a bounce, and sends again once it is removed', async () => {
    expect(emailFailureOf(await sendEmail(tenant, 'ada'))).toBeUndefined();

    expect(await suppress(tenant, 'ada', HARD_BOUNCE)).toEqual({ suppressed: true });

    expect(emailFailureOf(await sendEmail(tenant, 'ada'))).toBe('SUPPRESSED_BOUNCE');
    const user = await messaging.request(Requests.getUser, { ...tenant, userId: 'ada' });
    expect(user.emailSuppressionStatus).toMatchObject({
      reason: 'Bounce',
      details: HARD_BOUNCE.details,
    });

    await messaging.request(Requests.removeSuppression, {
      ...tenant,
      userId: 'ada',
      channel: Channel.EMAIL,
    });
    expect(emailFailureOf(await sendEmail(tenant, 'ada'))).toBeUndefined();
  });

  it('keeps a complaint over a later bounce, and fails sends SUPPRESSED_COMPLAINT', async () => {
    await sendEmail(tenant, 'grace');
    await suppress(tenant, 'grace', COMPLAINT);

    expect(await suppress(tenant, 'grace', HARD_BOUNCE)).toEqual({ suppressed: true });

    expect((await storedSuppression(tenant, 'grace'))?.email_suppression).toEqual(COMPLAINT);
    expect(emailFailureOf(await sendEmail(tenant, 'grace'))).toBe('SUPPRESSED_COMPLAINT');
  });

  it('keeps a permanent bounce over a later retryable one, and lets a complaint replace a bounce', async () => {
    await sendEmail(tenant, 'linus');
    await suppress(tenant, 'linus', HARD_BOUNCE);

    await suppress(tenant, 'linus', SOFT_BOUNCE);
    expect((await storedSuppression(tenant, 'linus'))?.email_suppression).toEqual(HARD_BOUNCE);

    await suppress(tenant, 'linus', COMPLAINT);
    expect((await storedSuppression(tenant, 'linus'))?.email_suppression).toEqual(COMPLAINT);
  });

  it('writes nothing when the same suppression is asked again', async () => {
    await sendEmail(tenant, 'ken');
    await suppress(tenant, 'ken', SOFT_BOUNCE);
    const first = await storedSuppression(tenant, 'ken');

    expect(await suppress(tenant, 'ken', SOFT_BOUNCE)).toEqual({ suppressed: true });

    expect(await storedSuppression(tenant, 'ken')).toEqual(first);
  });

  it('answers suppressed: false for a user it does not know, and creates none', async () => {
    expect(await suppress(tenant, 'nobody', HARD_BOUNCE)).toEqual({ suppressed: false });
    expect(await storedSuppression(tenant, 'nobody')).toBeUndefined();
  });

  it('leaves the same user id of another account alone', async () => {
    await sendEmail(tenant, 'joan');
    await sendEmail(otherTenant, 'joan');

    await suppress(tenant, 'joan', HARD_BOUNCE);

    expect((await storedSuppression(otherTenant, 'joan'))?.email_suppression).toBeNull();
    expect(emailFailureOf(await sendEmail(otherTenant, 'joan'))).toBeUndefined();
    expect(await suppress({ ...otherTenant, envId: tenant.envId }, 'joan', COMPLAINT)).toEqual({
      suppressed: false,
    });
    expect((await storedSuppression(tenant, 'joan'))?.email_suppression).toEqual(HARD_BOUNCE);
  });

  it('refuses details that are not a few short strings', async () => {
    const oversized = { ...HARD_BOUNCE, details: { diagnostic: 'x'.repeat(5_000) } };
    await expect(suppress(tenant, 'ada', oversized)).rejects.toThrow(/details/);
    await expect(suppress(tenant, 'ada', { ...HARD_BOUNCE, details: { code: 7 } })).rejects.toThrow(
      /details/,
    );
    await expect(suppress(tenant, 'ada', { ...HARD_BOUNCE, reason: 'Spam' })).rejects.toThrow(
      /reason/,
    );
  });
});
