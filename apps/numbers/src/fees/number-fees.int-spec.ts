import { INestApplicationContext } from '@nestjs/common';
import { newTimeOrderedId, Requests } from '@clarion/contracts';
import { MessagingClient, NATS_CONNECTION } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  TestDatabase,
  testEnv,
  UsageChargesTap,
} from '@clarion/testing';
import { NatsConnection } from 'nats';
import { NumbersEnv } from '../numbers.env';
import { NumbersModule } from '../numbers.module';
import { NumberFees } from './number-fees';

const DAY = 24 * 60 * 60_000;
const ACCOUNT = newTimeOrderedId();

describe('number fees (numbers service with the sandbox inventory, PostgreSQL, NATS)', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  let usage: UsageChargesTap;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await bootService(
      NumbersModule.forRoot(
        testEnv(NumbersEnv, {
          namespace,
          databaseUrl: database.url,
          NUMBER_MONTHLY_PRICES: 'US=1.15,*=2.5',
        }),
      ),
    );
    await app.init();
    messaging = app.get(MessagingClient);
    usage = await UsageChargesTap.open(app.get<NatsConnection>(NATS_CONNECTION), namespace);
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  it('charges a number its month at the order, each month after, and not while released', async () => {
    const { numbers } = await messaging.request(Requests.searchAvailableNumbers, {
      accountId: ACCOUNT,
      countryCode: 'US',
      features: [],
      limit: 1,
    });
    const phoneNumber = numbers[0]!.phoneNumber;
    await messaging.request(Requests.orderNumber, { accountId: ACCOUNT, phoneNumber });
    const [listed] = (await messaging.request(Requests.listNumbers, { accountId: ACCOUNT }))
      .numbers;
    const createdAt = new Date(listed!.createdAt);
    expect(await usage.take()).toEqual([
      {
        chargeId: `number:${phoneNumber}:${createdAt.toISOString()}`,
        accountId: ACCOUNT,
        kind: 'phone_number',
        amount: 1.15,
        at: createdAt.toISOString(),
      },
    ]);

    const fees = app.get(NumberFees);
    expect(await fees.chargeDue(new Date())).toBe(0);
    const nextMonth = new Date(listed!.nextBillingDate);
    expect(await fees.chargeDue(new Date(nextMonth.getTime() + DAY))).toBe(1);
    expect(await usage.take()).toEqual([
      expect.objectContaining({
        chargeId: `number:${phoneNumber}:${nextMonth.toISOString()}`,
        at: nextMonth.toISOString(),
      }),
    ]);

    // Released: nothing more. Reactivated within the month it paid for: not charged again.
    await messaging.request(Requests.releaseNumber, { accountId: ACCOUNT, phoneNumber });
    expect(await fees.chargeDue(new Date(Date.now() + 70 * DAY))).toBe(0);
    await messaging.request(Requests.orderNumber, { accountId: ACCOUNT, phoneNumber });
    expect(await usage.take()).toEqual([]);
  });
});
