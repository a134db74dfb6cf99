import { INestApplicationContext } from '@nestjs/common';
import {
  AccountResponseDto,
  ChannelLogName,
  DeliveryEvent,
  deliveryEventKind,
  Jobs,
  newTimeOrderedId,
  Routing,
  SEND_PROCESSED,
  SendProcessedEvent,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { AccountsService } from '../accounts/accounts.service';
import { BillingEnv } from '../billing.env';
import { BillingModule } from '../billing.module';

describe('usage metering and auto-upgrade', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = testEnv(BillingEnv, {
      namespace,
      databaseUrl: database.url,
      PRICE_TABLE: '{"inapp":1,"sms":2.5}',
    });
    app = await bootService(BillingModule.forRoot(env));
    await app.init();
    messaging = app.get(MessagingClient);
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  function delivered(
    account: AccountResponseDto,
    channel: ChannelLogName,
    id = newTimeOrderedId(),
  ): DeliveryEvent {
    const kind = deliveryEventKind(channel, 'sent');
    return {
      id: `${id}:${kind}`,
      kind,
      trackingId: id,
      accountId: account.accountId,
      envId: newTimeOrderedId(),
      occurredAt: new Date().toISOString(),
      data: { channel, status: 'sent', at: new Date().toISOString(), after: 10 },
    };
  }

  /** The `send.processed` of an in-app send, carrying its sent and delivered steps. */
  function processedCarrying(sent: DeliveryEvent): SendProcessedEvent {
    return {
      id: `${sent.trackingId}:processed`,
      kind: SEND_PROCESSED,
      trackingId: sent.trackingId,
      accountId: sent.accountId,
      envId: sent.envId,
      occurredAt: sent.occurredAt,
      data: {
        type: 'welcome',
        receivedAt: sent.occurredAt,
        processedAt: sent.occurredAt,
        request: '{}',
        user: { id: 'ada' },
        channels: { inapp: { routing: Routing.SEND } },
        deliveries: [sent.data, { ...sent.data, status: 'delivered' }],
      },
    };
  }

  const usageOf = async (accountId: string) =>
    (
      await database.query<{ cost: number; messages: number }>(
        'SELECT cost::float8 AS cost, messages FROM billing.usage WHERE account_id = $1',
        [accountId],
      )
    )[0];

  const accountRow = async (accountId: string) =>
    (
      await database.query<{ plan_tier: string; usage_limited: boolean }>(
        'SELECT plan_tier, usage_limited FROM billing.accounts WHERE id = $1',
        [accountId],
      )
    )[0]!;

  it('charges each delivered message once, by the price of its channel, even when redelivered', async () => {
    const account = await app
      .get(AccountsService)
      .createAccountWithOwner({ name: 'A', ownerEmail: 'a@usage.test' });
    const sms = delivered(account, 'sms');
    await messaging.publishEvent(sms);
    // The same event again under another message id, as after a crash between publish and ack:
    // JetStream's duplicate window does not catch it, the usage table must.
    await messaging.publishRaw(`evt.${sms.kind}`, Buffer.from(JSON.stringify(sms)), {
      'Nats-Msg-Id': `again-${sms.id}`,
    });
    await messaging.publishEvent(delivered(account, 'inapp'));
    const usage = await eventually(async () => {
      const found = await usageOf(account.accountId);
      return found?.messages === 2 ? found : undefined;
    });
    expect(usage.cost).toBeCloseTo(3.5);
  });

  it('charges the in-app steps a processed send carries, once even when also published on their own', async () => {
    const account = await app
      .get(AccountsService)
      .createAccountWithOwner({ name: 'Inbox', ownerEmail: 'inbox@usage.test' });
    const sent = delivered(account, 'inapp');
    await messaging.publishEvent(processedCarrying(sent));
    // The same step as an event of its own, as a notifications replica of the version before
    // published it while this one was being rolled out.
    await messaging.publishEvent(sent);
    // One more message on each feed: once both are metered, so is everything before them.
    const laterInapp = processedCarrying(delivered(account, 'inapp'));
    const laterSms = delivered(account, 'sms');
    await messaging.publishEvent(laterInapp);
    await messaging.publishEvent(laterSms);
    await eventually(async () => {
      const metered = await database.query(
        'SELECT 1 FROM billing.usage_events WHERE event_id = ANY($1)',
        [[`${laterInapp.trackingId}:delivery.inapp.sent`, laterSms.id]],
      );
      return metered.length === 2 ? true : undefined;
    });
    expect(await usageOf(account.accountId)).toEqual({ cost: 4.5, messages: 3 });
  });

  it('limits an account at its cap, and moves an auto-upgrading paid account up a tier at 90% instead', async () => {
    const accounts = app.get(AccountsService);
    const free = await accounts.createAccountWithOwner({
      name: 'Free',
      ownerEmail: 'free@usage.test',
    });
    const paid = await accounts.createAccountWithOwner({
      name: 'Paid',
      ownerEmail: 'paid@usage.test',
    });
    await database.query(
      `UPDATE billing.accounts SET account_type = 'paid', auto_upgrade = true WHERE id = $1`,
      [paid.accountId],
    );

    for (const account of [free, paid]) {
      await Promise.all(
        Array.from({ length: 19 }, () => messaging.publishEvent(delivered(account, 'inapp'))),
      );
    }
    await eventually(async () =>
      (await accountRow(paid.accountId)).plan_tier === 'budget_50' ? true : undefined,
    );
    expect(await accountRow(paid.accountId)).toEqual({
      plan_tier: 'budget_50',
      usage_limited: false,
    });
    const changes = await database.query(
      'SELECT from_tier, to_tier, reason FROM billing.plan_changes WHERE account_id = $1',
      [paid.accountId],
    );
    expect(changes).toEqual([
      { from_tier: 'budget_20', to_tier: 'budget_50', reason: 'auto_upgrade' },
    ]);
    expect(await accountRow(free.accountId)).toEqual({
      plan_tier: 'budget_20',
      usage_limited: false,
    });

    await messaging.publishEvent(delivered(free, 'inapp'));
    await eventually(async () =>
      (await accountRow(free.accountId)).usage_limited ? true : undefined,
    );
  });

  it('meters number months and call minutes once each, without counting them as messages', async () => {
    const account = await app
      .get(AccountsService)
      .createAccountWithOwner({ name: 'Charges', ownerEmail: 'charges@usage.test' });
    const charge = (chargeId: string, kind: 'phone_number' | 'voice_call', amount: number) =>
      messaging.publishJob(
        Jobs.usageCharge,
        { chargeId, accountId: account.accountId, kind, amount, at: new Date().toISOString() },
        { msgId: chargeId },
      );
    const month = `number:+14155550100:${new Date().toISOString()}`;
    await charge(month, 'phone_number', 1.15);
    await charge(`call:${newTimeOrderedId()}`, 'voice_call', 0.045);
    // The same month again (a republish after a crash, past JetStream's duplicate window).
    await messaging.publishRaw(
      'usage.charges',
      Buffer.from(
        JSON.stringify({
          chargeId: month,
          accountId: account.accountId,
          kind: 'phone_number',
          amount: 1.15,
          at: new Date().toISOString(),
        }),
      ),
      { 'Nats-Msg-Id': `again-${month}` },
    );
    await messaging.publishEvent(delivered(account, 'sms'));
    const usage = await eventually(async () => {
      const found = await usageOf(account.accountId);
      return found && Math.abs(found.cost - 3.695) < 1e-9 ? found : undefined;
    });
    expect(usage.messages).toBe(1);
    const items = await database.query<{ channel: string }>(
      'SELECT channel FROM billing.usage_events WHERE account_id = $1 ORDER BY channel',
      [account.accountId],
    );
    expect(items.map((item) => item.channel)).toEqual(['phone_number', 'sms', 'voice_call']);
  });
});
