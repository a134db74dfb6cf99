import { INestApplicationContext } from '@nestjs/common';
import { AccountResponseDto, ErrorCode, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { AccountsService } from './accounts/accounts.service';
import { hashApiKey } from './api-keys/api-key-secret';
import { BillingEnv } from './billing.env';
import { BillingModule } from './billing.module';

describe('billing', () => {
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  let acme: AccountResponseDto;
  let globex: AccountResponseDto;
  const namespace = createTestNamespace();

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = testEnv(BillingEnv, { namespace, databaseUrl: database.url });
    app = await bootService(BillingModule.forRoot(env));
    await app.init();
    messaging = app.get(MessagingClient);
    const accounts = app.get(AccountsService);
    acme = await accounts.createAccountWithOwner({ name: 'Acme', ownerEmail: 'Ops@Acme.test' });
    globex = await accounts.createAccountWithOwner({
      name: 'Globex',
      ownerEmail: 'ops@globex.test',
    });
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  it('creates an account with a clarion_sk_ key that is stored only as a hash', async () => {
    expect(acme).toMatchObject({ name: 'Acme', status: 'verified', subscriptionStatus: null });
    expect(acme.apiKey).toMatch(/^clarion_sk_/);
    const stored: { key_hash: string }[] = await database.query(
      'SELECT key_hash FROM billing.api_keys',
    );
    expect(stored.map((row) => row.key_hash)).toContain(hashApiKey(acme.apiKey));
    expect(JSON.stringify(stored)).not.toContain(acme.apiKey);
  });

  it('resolves a key to its account and default environment', async () => {
    const principal = await messaging.request(Requests.resolveApiKey, {
      keyHash: hashApiKey(acme.apiKey),
    });
    expect(principal.accountId).toBe(acme.accountId);
    const [environment] = await messaging.request(Requests.listEnvironments, {
      accountId: acme.accountId,
    });
    expect(environment).toMatchObject({
      clientId: principal.clientId,
      title: 'Default',
      secureMode: false,
      disableSending: [],
    });
    expect(environment!.clientSecret.length).toBeGreaterThanOrEqual(40);
  });

  it('answers an unknown key with UNAUTHORIZED', async () => {
    await expect(
      messaging.request(Requests.resolveApiKey, { keyHash: hashApiKey('clarion_sk_unknown') }),
    ).rejects.toMatchObject({
      code: ErrorCode.UNAUTHORIZED,
    });
  });

  it('lists only the environments of the asking account', async () => {
    const [ofAcme, ofGlobex] = await Promise.all([
      messaging.request(Requests.listEnvironments, { accountId: acme.accountId }),
      messaging.request(Requests.listEnvironments, { accountId: globex.accountId }),
    ]);
    expect(ofAcme).toHaveLength(1);
    expect(ofGlobex).toHaveLength(1);
    expect(ofAcme[0]!.clientId).not.toBe(ofGlobex[0]!.clientId);
  });

  it('resolves a clientId to its environment, and refuses an unknown one', async () => {
    const [environment] = await messaging.request(Requests.listEnvironments, {
      accountId: globex.accountId,
    });
    await expect(
      messaging.request(Requests.resolveClient, { clientId: environment!.clientId }),
    ).resolves.toMatchObject({
      accountId: globex.accountId,
      clientSecret: environment!.clientSecret,
    });
    await expect(
      messaging.request(Requests.resolveClient, { clientId: 'nope' }),
    ).rejects.toMatchObject({ code: ErrorCode.UNAUTHORIZED });
  });

  it("names an environment of the account by clientId or envId, and refuses another account's alike", async () => {
    const { clientId } = (
      await messaging.request(Requests.listEnvironments, { accountId: acme.accountId })
    )[0]!;
    const { envId } = await messaging.request(Requests.resolveClient, { clientId });
    const ofAcme = (name: string) =>
      messaging.request(Requests.environmentOfAccount, { accountId: acme.accountId, envId: name });
    await expect(ofAcme(clientId)).resolves.toEqual({ envId, clientId });
    await expect(ofAcme(envId)).resolves.toEqual({ envId, clientId });

    const refusals = await Promise.all(
      [
        messaging.request(Requests.environmentOfAccount, { accountId: globex.accountId, envId }),
        messaging.request(Requests.environmentOfAccount, {
          accountId: globex.accountId,
          envId: clientId,
        }),
        ofAcme('nope'),
        ofAcme('00000000-0000-4000-8000-000000000000'),
      ].map((lookup) =>
        lookup.then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    const message = 'envId names no environment of this account';
    expect(refusals).toEqual(
      Array(4).fill(expect.objectContaining({ code: ErrorCode.FORBIDDEN, message })),
    );
  });
});
