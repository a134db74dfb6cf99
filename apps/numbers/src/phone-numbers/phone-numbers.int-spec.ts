import { INestApplicationContext } from '@nestjs/common';
import {
  AuditRecords,
  DomainError,
  ErrorCode,
  newTimeOrderedId,
  RegistrationStatus,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  FakeTwilio,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { NumbersEnv } from '../numbers.env';
import { NumbersModule } from '../numbers.module';
import { ReleasedNumbersPurger } from '../purge/released-numbers-purger';

const ACCOUNT_SID = 'ACnumbers0123456789abcdef01234567';
const SHARED = '+15550001111';
const A = newTimeOrderedId();
const B = newTimeOrderedId();
const DAY = 24 * 60 * 60_000;

describe('phone numbers (numbers service, PostgreSQL, NATS, a Twilio-compatible peer)', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let twilio: FakeTwilio;
  let app: INestApplicationContext;
  let messaging: MessagingClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    twilio = await FakeTwilio.start(ACCOUNT_SID, 'numbers-token');
    for (let n = 0; n < 20; n++) {
      twilio.availableNumbers.push({
        phoneNumber: `+1415555${String(100 + n).padStart(4, '0')}`,
        isoCountry: 'US',
        locality: 'San Francisco',
        region: 'CA',
        capabilities: { voice: true, sms: n % 2 === 0, mms: n % 4 === 0 },
      });
    }
    twilio.availableNumbers.push({
      phoneNumber: '+442055501000',
      isoCountry: 'GB',
      areaCode: '20',
      locality: 'London',
      capabilities: { voice: true, sms: true },
    });
    app = await bootService(
      NumbersModule.forRoot(
        testEnv(NumbersEnv, {
          namespace,
          databaseUrl: database.url,
          TWILIO_BASE_URL: twilio.baseUrl,
          TWILIO_ACCOUNT_SID: ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: 'numbers-token',
          TWILIO_FROM_NUMBER: SHARED,
          NUMBER_MONTHLY_PRICES: 'US=1.15,*=2.5',
          REQUEST_TIMEOUT_MS: '20000',
        }),
      ),
    );
    await app.init();
    messaging = app.get(MessagingClient);
  });

  afterAll(async () => {
    await app.close();
    await twilio.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  const search = (
    countryCode: string,
    extra: { areaCode?: string; features?: ('sms' | 'mms' | 'voice')[]; limit?: number } = {},
  ) =>
    messaging.request(Requests.searchAvailableNumbers, {
      accountId: A,
      countryCode,
      features: [],
      limit: 10,
      ...extra,
    });
  const order = (phoneNumber: string, accountId = A) =>
    messaging.request(Requests.orderNumber, { accountId, phoneNumber });
  const release = (phoneNumber: string, accountId = A) =>
    messaging.request(Requests.releaseNumber, { accountId, phoneNumber });
  const list = (accountId = A) => messaging.request(Requests.listNumbers, { accountId });
  const released = (accountId = A) =>
    messaging.request(Requests.listReleasedNumbers, { accountId });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error as DomainError,
    );
  const purchasesOf = (phoneNumber: string) =>
    twilio
      .requestsTo('IncomingPhoneNumbers.json')
      .filter(
        (request) => request.method === 'POST' && request.form.get('PhoneNumber') === phoneNumber,
      );
  /** Moves a release into the past, as if `days` had gone by since. */
  const releasedDaysAgo = (phoneNumber: string, days: number) =>
    database.query(
      `UPDATE numbers.phone_numbers SET released_at = now() - make_interval(secs => $2) WHERE phone_number = $1`,
      [phoneNumber, (days * DAY) / 1000],
    );

  it("maps Twilio's search results, with the configured price, and filters by features", async () => {
    const result = await search('US', { areaCode: '415', features: ['sms', 'mms'], limit: 3 });
    expect(result).toEqual({
      provider: 'twilio',
      numbers: [
        {
          phoneNumber: '+14155550100',
          locality: 'San Francisco',
          administrativeArea: 'CA',
          phoneNumberType: 'local',
          features: ['sms', 'mms', 'voice'],
          monthlyPrice: 1.15,
        },
        expect.objectContaining({ phoneNumber: '+14155550104' }),
        expect.objectContaining({ phoneNumber: '+14155550108' }),
      ],
    });
    const [request] = twilio.requestsTo('AvailablePhoneNumbers/US/Local.json').slice(-1);
    expect(Object.fromEntries(request!.query)).toEqual({
      AreaCode: '415',
      SmsEnabled: 'true',
      MmsEnabled: 'true',
      PageSize: '3',
    });
  });

  it('buys a searched number once and lists it with what the search said about it', async () => {
    await search('GB', { areaCode: '20' });
    const ordered = await order('+442055501000');
    expect(ordered).toEqual({
      orderId: expect.any(String),
      status: 'completed',
      phoneNumber: '+442055501000',
      reactivated: false,
      provider: 'twilio',
    });
    expect(purchasesOf('+442055501000')).toHaveLength(1);
    const { numbers, sharedNumber } = await list();
    expect(sharedNumber).toBe(SHARED);
    const listed = numbers.find((number) => number.phoneNumber === '+442055501000');
    expect(listed).toEqual({
      phoneNumber: '+442055501000',
      label: '+442055501000',
      createdAt: expect.any(String),
      countryCode: 'GB',
      numberType: 'local',
      billingStatus: 'active',
      nextBillingDate: expect.any(String),
      monthlyPrice: 2.5,
      features: ['sms', 'voice'],
      provider: 'twilio',
    });
    const month = new Date(listed!.createdAt);
    month.setUTCMonth(month.getUTCMonth() + 1);
    expect(listed!.nextBillingDate).toBe(month.toISOString());
    expect((await failure(order('+442055501000'))).code).toBe(ErrorCode.PHONE_NUMBER_UNAVAILABLE);
    expect((await failure(order('+442055501000', B))).message).toBe(
      '+442055501000 is not available',
    );
    expect(purchasesOf('+442055501000')).toHaveLength(1);
  });

  it('gives one of many concurrent orders of a number the number, and the others a 409 code', async () => {
    const outcomes = await Promise.allSettled(
      [A, B, A, B, A, B].map((accountId) => order('+14155550102', accountId)),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as DomainError] : [],
    );
    expect(won).toHaveLength(1);
    expect(lost.map((error) => error.code)).toEqual(
      Array(5).fill(ErrorCode.PHONE_NUMBER_UNAVAILABLE),
    );
    expect(purchasesOf('+14155550102')).toHaveLength(1);
    const holders = await database.query(
      'SELECT account_id FROM numbers.phone_numbers WHERE phone_number = $1',
      ['+14155550102'],
    );
    expect(holders).toHaveLength(1);
  });

  it('undoes the claim when the provider refuses or fails, so a later order can succeed', async () => {
    const refused = await failure(order('+14155559999'));
    expect(refused.code).toBe(ErrorCode.PHONE_NUMBER_UNAVAILABLE);
    expect(refused.message).toContain('The provider does not sell +14155559999');
    twilio.replyNext({
      status: 500,
      body: '{"code":20500,"message":"Internal Server Error","status":500}',
    });
    expect((await failure(order('+14155550103'))).code).toBe(ErrorCode.PROVIDER_ERROR);
    expect(
      await database.query('SELECT 1 FROM numbers.phone_numbers WHERE phone_number = ANY($1)', [
        ['+14155559999', '+14155550103'],
      ]),
    ).toEqual([]);
    expect((await order('+14155550103')).phoneNumber).toBe('+14155550103');
  });

  it('never sells the shared number', async () => {
    const refused = await failure(order(SHARED));
    expect(refused).toMatchObject({
      code: ErrorCode.PHONE_NUMBER_UNAVAILABLE,
      message: `${SHARED} is the shared number of every account`,
    });
    expect(purchasesOf(SHARED)).toEqual([]);
  });

  it('releases a number: unbound, listed as released, no refund, not bought again on reactivation', async () => {
    await order('+14155550105');
    const bound = await messaging.request(Requests.bindNumber, {
      accountId: A,
      phoneNumber: '+14155550105',
      agentId: 'agent-1',
    });
    expect(bound.boundAgentId).toBe('agent-1');
    const before = (await list()).numbers.find((number) => number.phoneNumber === '+14155550105')!;
    expect(before).toMatchObject({
      boundAgentId: 'agent-1',
      a2pStatus: 'pending',
      countryCode: 'US',
    });

    const answer = await release('+14155550105');
    expect(answer).toEqual({
      phoneNumber: '+14155550105',
      released: true,
      releasedAt: expect.any(String),
      reactivatableUntil: new Date(Date.parse(answer.releasedAt!) + 14 * DAY).toISOString(),
      message: expect.stringContaining('No refund for the current billing month'),
    });
    expect(await release('+14155550105')).toEqual(answer);
    expect((await list()).numbers.map((number) => number.phoneNumber)).not.toContain(
      '+14155550105',
    );
    const [listed] = (await released()).numbers;
    expect(listed).toEqual({
      ...before,
      billingStatus: 'released',
      releasedAt: answer.releasedAt,
      boundAgentId: undefined,
    });
    expect(listed).not.toHaveProperty('boundAgentId');
    expect(twilio.accountNumbers.has('+14155550105')).toBe(true);

    const again = await order('+14155550105');
    expect(again).toMatchObject({ reactivated: true, provider: 'twilio' });
    const after = (await list()).numbers.find((number) => number.phoneNumber === '+14155550105');
    expect(after).toEqual({ ...before, boundAgentId: undefined });
    expect(after).not.toHaveProperty('boundAgentId');
    expect(purchasesOf('+14155550105')).toHaveLength(1);
    expect((await released()).numbers).toEqual([]);
  });

  it('holds a released number for its account for 2 weeks; then anyone may order it', async () => {
    await order('+14155550106', A);
    const { createdAt } = (await list(A)).numbers.find(
      (number) => number.phoneNumber === '+14155550106',
    )!;
    await release('+14155550106', A);
    const held = await failure(order('+14155550106', B));
    expect(held.code).toBe(ErrorCode.PHONE_NUMBER_UNAVAILABLE);
    expect(held.message).toMatch(/^\+14155550106 is not available until /);
    expect((await failure(release('+14155550106', B))).code).toBe(ErrorCode.NOT_FOUND);

    await releasedDaysAgo('+14155550106', 14);
    expect((await released(A)).numbers).toEqual([]);
    const taken = await order('+14155550106', B);
    expect(taken).toMatchObject({ reactivated: false, provider: 'twilio' });
    const listed = (await list(B)).numbers.find((number) => number.phoneNumber === '+14155550106')!;
    expect(Date.parse(listed.createdAt)).toBeGreaterThan(Date.parse(createdAt));
    expect((await list(A)).numbers.map((number) => number.phoneNumber)).not.toContain(
      '+14155550106',
    );
    // Still on the operator's Twilio account: taken over, not bought again.
    expect(purchasesOf('+14155550106')).toHaveLength(1);
  });

  it('answers 404 for a number the account does not hold', async () => {
    expect((await failure(release('+14155550119'))).code).toBe(ErrorCode.NOT_FOUND);
    expect((await failure(release('+14155550102', newTimeOrderedId()))).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('binds a number to one agent at a time and unbinds all numbers of an agent', async () => {
    await order('+14155550107');
    await order('+14155550108');
    const bind = (phoneNumber: string, agentId: string, accountId = A) =>
      messaging.request(Requests.bindNumber, { accountId, phoneNumber, agentId });
    await bind('+14155550107', 'agent-2');
    await bind('+14155550108', 'agent-2');
    const route = (phoneNumber: string) => messaging.request(Requests.routeNumber, { phoneNumber });
    expect(await route('+14155550107')).toEqual({ accountId: A, agentId: 'agent-2' });
    expect(await route('+14155559999')).toEqual({});
    expect(await route(SHARED)).toEqual({ shared: true });
    expect((await failure(bind('+14155550107', 'agent-3'))).code).toBe(
      ErrorCode.PHONE_NUMBER_BOUND,
    );
    expect((await failure(bind('+14155550107', 'agent-2', B))).code).toBe(ErrorCode.NOT_FOUND);
    const unbound = await messaging.request(Requests.unbindNumbers, {
      accountId: A,
      agentId: 'agent-2',
    });
    expect(unbound).toEqual({ phoneNumbers: ['+14155550107', '+14155550108'] });
  });

  it('purges numbers released 2 weeks ago: given back to Twilio and deleted', async () => {
    const sut = app.get(ReleasedNumbersPurger);
    await order('+14155550109');
    await order('+14155550110');
    await order('+14155550111');
    await release('+14155550109');
    await release('+14155550110');
    await release('+14155550111');
    await releasedDaysAgo('+14155550109', 15);
    await releasedDaysAgo('+14155550110', 14.5);
    await releasedDaysAgo('+14155550111', 13);
    const sidOf = async (phoneNumber: string) =>
      (
        await database.query<{ provider_sid: string }>(
          'SELECT provider_sid FROM numbers.phone_numbers WHERE phone_number = $1',
          [phoneNumber],
        )
      )[0]!.provider_sid;
    const sid109 = await sidOf('+14155550109');
    twilio.requests.length = 0;
    // Twilio fails the first release: that number stays for the next round.
    twilio.replyNext({
      status: 500,
      body: '{"code":20500,"message":"Internal Server Error","status":500}',
    });

    const first = await sut.purgeOnce();
    expect(first).toMatchObject({ purged: 1, failed: 1 });
    const second = await sut.purgeOnce();
    expect(second).toMatchObject({ purged: 1, failed: 0 });

    expect(
      twilio.requests.filter((request) => request.method === 'DELETE').map((r) => r.resource),
    ).toContain(`IncomingPhoneNumbers/${sid109}.json`);
    const left = await database.query<{ phone_number: string }>(
      `SELECT phone_number FROM numbers.phone_numbers WHERE phone_number = ANY($1) ORDER BY 1`,
      [['+14155550109', '+14155550110', '+14155550111']],
    );
    expect(left.map((row) => row.phone_number)).toEqual(['+14155550111']);
    expect(twilio.accountNumbers.has('+14155550109')).toBe(false);
    expect(twilio.accountNumbers.has('+14155550111')).toBe(true);
    expect((await released()).numbers.map((number) => number.phoneNumber)).toEqual([
      '+14155550111',
    ]);
  });

  it("follows the account's 10DLC campaign: its US numbers are approved while the campaign is", async () => {
    const account = newTimeOrderedId();
    const found = await search('US', { limit: 20 });
    const held = new Set(
      (await messaging.request(Requests.listNumbers, { accountId: A })).numbers.map(
        (n) => n.phoneNumber,
      ),
    );
    const [first, second] = found.numbers.filter((n) => !held.has(n.phoneNumber)).slice(-2);
    await order(first!.phoneNumber, account);
    const statusOf = async (phoneNumber: string) =>
      (await messaging.request(Requests.listNumbers, { accountId: account })).numbers.find(
        (n) => n.phoneNumber === phoneNumber,
      )?.a2pStatus;
    expect(await statusOf(first!.phoneNumber)).toBe('pending');

    const change = (from: RegistrationStatus, to: RegistrationStatus, at: Date) =>
      messaging.publishJob(
        AuditRecords.registrationStatusChanged,
        {
          id: newTimeOrderedId(),
          accountId: account,
          subject: 'campaign',
          from,
          to,
          actorRole: 'operator',
          actor: 'ops',
          at: at.toISOString(),
        },
        { msgId: newTimeOrderedId() },
      );
    await change('in_progress', 'approved', new Date());
    await eventually(async () =>
      (await statusOf(first!.phoneNumber)) === 'approved' ? true : undefined,
    );
    await order(second!.phoneNumber, account);
    expect(await statusOf(second!.phoneNumber)).toBe('approved');

    // An older change arriving late changes nothing; a newer one does.
    await change('pending_review', 'in_progress', new Date(Date.now() - DAY));
    await change('approved', 'rejected', new Date(Date.now() + 1_000));
    await eventually(async () =>
      (await statusOf(second!.phoneNumber)) === 'pending' ? true : undefined,
    );
    expect(await statusOf(first!.phoneNumber)).toBe('pending');
  });
});
