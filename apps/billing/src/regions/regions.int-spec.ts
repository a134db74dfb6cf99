import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AccountResponseDto, regionOfClientId, regionOfKey, Requests } from '@clarion/contracts';
import { KeyValueBuckets, MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { AccountsService } from '../accounts/accounts.service';
import { BillingDataModule } from '../billing-data.module';
import { BillingEnv } from '../billing.env';
import { BillingModule } from '../billing.module';
import { DeploymentRegion } from './deployment-region';
import { NatsRegionStamp } from './nats-region-stamp';
import { BILLING_SCHEMA } from '../billing.entities';
import { CreateBillingTables1795260000000 } from '../migrations/1795260000000-create-billing-tables';
import { serviceDataSourceOptions } from '@clarion/persistence';
import { DataSource } from 'typeorm';

describe('billing of the eu region', () => {
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  let account: AccountResponseDto;
  const namespace = createTestNamespace();

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = testEnv(BillingEnv, {
      namespace,
      databaseUrl: database.url,
      CLARION_REGION: 'eu',
    });
    app = await bootService(BillingModule.forRoot(env));
    await app.init();
    messaging = app.get(MessagingClient);
    account = await app
      .get(AccountsService)
      .createAccountWithOwner({ name: 'Eu Co', ownerEmail: 'ops@eu.test' });
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  it('creates an account that carries eu, with a key and a clientId marked eu', async () => {
    expect(account.region).toBe('eu');
    expect(regionOfKey(account.apiKey)).toBe('eu');
    const details = await messaging.request(Requests.getAccount, {
      accountId: account.accountId,
    });
    expect(details.region).toBe('eu');
    const [environment] = await messaging.request(Requests.listEnvironments, {
      accountId: account.accountId,
    });
    expect(regionOfClientId(environment!.clientId)).toBe('eu');
    await expect(
      database.query('SELECT region FROM billing.accounts WHERE id = $1', [account.accountId]),
    ).resolves.toEqual([{ region: 'eu' }]);
  });

  it('stamps its database eu, and a us service refuses to start against it, saying why', async () => {
    await expect(database.query('SELECT region FROM deployment.region_stamp')).resolves.toEqual([
      { region: 'eu' },
    ]);
    const startedAt = Date.now();
    await expect(
      NestFactory.createApplicationContext(BillingDataModule.forRoot(database.url, 'us'), {
        logger: false,
        abortOnError: false,
      }),
    ).rejects.toThrow(
      /This database holds the data of region eu, and this service serves region us \(CLARION_REGION\)/,
    );
    // Refused at once: a database of another region is not retried like an unreachable one.
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    await expect(
      database.query('SELECT count(*)::int AS n FROM billing.accounts'),
    ).resolves.toEqual([{ n: 1 }]);
  });

  it('stamps its NATS eu, and a us billing on that NATS refuses to start, saying why', async () => {
    const buckets = app.get(KeyValueBuckets);
    await expect(
      new NatsRegionStamp(buckets, new DeploymentRegion('us')).onModuleInit(),
    ).rejects.toThrow(
      /This NATS carries the messages of region eu, and this service serves region us/,
    );
    await expect(
      new NatsRegionStamp(buckets, new DeploymentRegion('eu')).onModuleInit(),
    ).resolves.toBeUndefined();
  });
});

describe('an account made before regions', () => {
  it('belongs to the region its database is stamped with once billing boots there', async () => {
    const database = await createTestDatabase();
    const before = await new DataSource(
      serviceDataSourceOptions({
        url: database.url,
        schema: BILLING_SCHEMA,
        entities: [],
        migrations: [CreateBillingTables1795260000000],
      }),
    ).initialize();
    await before.query(`CREATE SCHEMA ${BILLING_SCHEMA}`);
    await before.runMigrations();
    await before.query(
      `INSERT INTO billing.accounts (id, name, status, account_type)
       VALUES ('0196f1a0-0000-7000-8000-000000000001', 'Old Co', 'verified', 'free')`,
    );
    await before.destroy();

    const app = await NestFactory.createApplicationContext(
      BillingDataModule.forRoot(database.url, 'ca'),
      { logger: false },
    );
    await app.close();
    await expect(database.query('SELECT name, region FROM billing.accounts')).resolves.toEqual([
      { name: 'Old Co', region: 'ca' },
    ]);
    await database.drop();
  });
});
