import { AccountResponseDto } from '@clarion/contracts';
import { eventually, runSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type ErrorBody = { trackingId: string; error: { code: string; message: string; fix?: string } };
type NumbersBody = { numbers: Json[] };

/**
 * Phone numbers through the public API, with the sandbox inventory (no Twilio configured, as
 * `npm start` runs it) and a purge that runs every second.
 */
describe('phone numbers, end to end', () => {
  const suite = runSystemForSuite({ NUMBERS_PURGE_EVERY_MS: '1000' });
  let account: AccountResponseDto;
  let api: ApiClient;
  let other: ApiClient;

  beforeAll(() => {
    account = suite.system.createAccount('Numbers Co', 'owner@numbers.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    other = ApiClient.withApiKey(
      suite.system.baseUrl,
      suite.system.createAccount('Other Numbers Co', 'owner@other-numbers.test').apiKey,
    );
  });

  const search = async (query: string, client = api) => {
    const answer = await client.call<NumbersBody & { provider: string }>(
      'GET',
      `/numbers/available?${query}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const order = (phoneNumber: unknown, client = api) =>
    client.call<Json & ErrorBody>('POST', '/numbers/order', { phoneNumber });

  it.each([
    ['/numbers/available', 'countryCode must be an ISO 3166-1 alpha-2 country code'],
    ['/numbers/available?countryCode=USA', 'countryCode must be an ISO 3166-1 alpha-2'],
    ['/numbers/available?countryCode=US&areaCode=4x5', 'areaCode must be 1 to 6 digits'],
    ['/numbers/available?countryCode=US&features=sms,fax', 'each of features must be one of'],
    ['/numbers/available?countryCode=US&limit=51', 'limit must not be greater than 50'],
    ['/numbers/available?countryCode=US&limit=0', 'limit must not be less than 1'],
    ['/numbers/available?countryCode=US&size=5', 'property size should not exist'],
  ])('answers 400 for GET %s', async (path, message) => {
    const answer = await api.call<ErrorBody>('GET', path);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(answer.body.error.message).toContain(message);
  });

  it('answers 400 for an order or a release of a number that is not E.164', async () => {
    for (const phoneNumber of ['4155550100', '+1 415 555 0100', undefined]) {
      const answer = await order(phoneNumber);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain('phoneNumber must be an E.164 number');
    }
    const release = await api.call<ErrorBody>('DELETE', '/numbers/4155550100');
    expect(release.status).toBe(400);
    expect(release.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('searches the sandbox inventory: 10 by default, at most 50, by area code and features', async () => {
    const defaults = await search('countryCode=us');
    expect(defaults.provider).toBe('sandbox');
    expect(defaults.numbers).toHaveLength(10);
    expect(defaults.numbers[0]).toEqual({
      phoneNumber: '+14155550100',
      locality: 'San Francisco',
      administrativeArea: 'CA',
      phoneNumberType: 'local',
      features: ['sms', 'mms', 'voice'],
      monthlyPrice: 1.15,
    });
    expect((await search('countryCode=US&limit=50')).numbers).toHaveLength(50);
    const filtered = await search('countryCode=US&areaCode=212&features=voice,mms&limit=20');
    expect(filtered.numbers).toHaveLength(20);
    for (const number of filtered.numbers) {
      expect(number['phoneNumber']).toMatch(/^\+121255501\d\d$/);
      expect(number['features']).toEqual(expect.arrayContaining(['voice', 'mms']));
    }
    expect((await search('countryCode=AQ')).numbers).toEqual([]);
  });

  it('orders, lists, releases and reactivates a number, keeping its createdAt', async () => {
    const [offered] = (await search('countryCode=US&areaCode=512&limit=1')).numbers;
    const phoneNumber = offered!['phoneNumber'] as string;
    const ordered = await order(phoneNumber);
    expect(ordered.status).toBe(200);
    expect(ordered.body).toEqual({
      orderId: expect.any(String),
      status: 'completed',
      phoneNumber,
      reactivated: false,
      provider: 'sandbox',
    });
    expect((await search('countryCode=US&areaCode=512&limit=50')).numbers).not.toContainEqual(
      expect.objectContaining({ phoneNumber }),
    );

    const listed = await api.call<NumbersBody & { sharedNumber: string }>('GET', '/numbers/list');
    expect(listed.status).toBe(200);
    expect(listed.body.sharedNumber).toBe('+15005550006');
    expect(listed.body.numbers).toEqual([
      {
        phoneNumber,
        label: '(512) 555-0100',
        createdAt: expect.any(String),
        countryCode: 'US',
        numberType: 'local',
        billingStatus: 'active',
        nextBillingDate: expect.any(String),
        monthlyPrice: 1.15,
        a2pStatus: 'testing',
        features: ['sms', 'mms', 'voice'],
        provider: 'sandbox',
      },
    ]);
    const createdAt = listed.body.numbers[0]!['createdAt'];

    // `+` may be written as is or encoded.
    const released = await api.call<Json>('DELETE', `/numbers/${encodeURIComponent(phoneNumber)}`);
    expect(released.status).toBe(200);
    expect(released.body).toEqual({
      phoneNumber,
      released: true,
      releasedAt: expect.any(String),
      reactivatableUntil: expect.any(String),
      message: expect.stringContaining('No refund for the current billing month'),
    });
    expect((await api.call<NumbersBody>('GET', '/numbers/list')).body.numbers).toEqual([]);
    const releasedList = await api.call<NumbersBody>('GET', '/numbers/released');
    expect(releasedList.body.numbers).toEqual([
      expect.objectContaining({
        phoneNumber,
        createdAt,
        billingStatus: 'released',
        releasedAt: released.body['releasedAt'],
      }),
    ]);

    const again = await order(phoneNumber);
    expect(again.body).toMatchObject({ status: 'completed', reactivated: true });
    const relisted = await api.call<NumbersBody>('GET', '/numbers/list');
    expect(relisted.body.numbers).toEqual([
      expect.objectContaining({ phoneNumber, createdAt, billingStatus: 'active' }),
    ]);
    expect((await api.call<NumbersBody>('GET', '/numbers/released')).body.numbers).toEqual([]);
  });

  it('answers 409 for a number on an account or held after release, and 404 for one not held', async () => {
    const [offered] = (await search('countryCode=GB&limit=1')).numbers;
    const phoneNumber = offered!['phoneNumber'] as string;
    expect((await order(phoneNumber)).status).toBe(200);
    const twice = await order(phoneNumber);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('PHONE_NUMBER_UNAVAILABLE');
    expect((await order(phoneNumber, other)).status).toBe(409);
    expect((await api.call('DELETE', `/numbers/${phoneNumber}`)).status).toBe(200);
    const held = await order(phoneNumber, other);
    expect(held.status).toBe(409);
    expect(held.body.error.message).toContain('is not available until');
    const unknown = await api.call<ErrorBody>('DELETE', '/numbers/+14155559999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const notOffered = await order('+14155551234');
    expect(notOffered.status).toBe(409);
    expect(notOffered.body.error.message).toContain('The sandbox has no number +14155551234');
    expect((await order('+15005550006')).status).toBe(409);
  });

  it('gives one of several concurrent orders of a number the number', async () => {
    const [offered] = (await search('countryCode=DE&limit=1')).numbers;
    const phoneNumber = offered!['phoneNumber'] as string;
    const answers = await Promise.all(
      [api, other, api, other, api].map((client) => order(phoneNumber, client)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('purges a number 2 weeks after its release, in the background', async () => {
    const [offered] = (await search('countryCode=US&areaCode=617&limit=1')).numbers;
    const phoneNumber = offered!['phoneNumber'] as string;
    expect((await order(phoneNumber)).status).toBe(200);
    expect((await api.call('DELETE', `/numbers/${phoneNumber}`)).status).toBe(200);
    await suite.database.query(
      `UPDATE numbers.phone_numbers SET released_at = now() - interval '15 days' WHERE phone_number = $1`,
      [phoneNumber],
    );
    const releasedNumbers = (await api.call<NumbersBody>('GET', '/numbers/released')).body.numbers;
    expect(releasedNumbers.map((number) => number['phoneNumber'])).not.toContain(phoneNumber);
    await eventually(
      async () => {
        const rows = await suite.database.query(
          'SELECT 1 FROM numbers.phone_numbers WHERE phone_number = $1',
          [phoneNumber],
        );
        return rows.length === 0 ? true : undefined;
      },
      { timeoutMs: 15_000 },
    );
    const ordered = await order(phoneNumber, other);
    expect(ordered.body).toMatchObject({ reactivated: false });
  });

  it('documents the operations under their operation ids', async () => {
    const openapi = await new ApiClient(suite.system.baseUrl).call<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>('GET', '/openapi.json');
    const { paths } = openapi.body;
    expect(paths['/numbers/available']?.['get']?.operationId).toBe('NumbersSearchAvailable');
    expect(paths['/numbers/order']?.['post']?.operationId).toBe('NumbersOrderNumber');
    expect(paths['/numbers/list']?.['get']?.operationId).toBe('NumbersList');
    expect(paths['/numbers/released']?.['get']?.operationId).toBe('NumbersListReleased');
    expect(paths['/numbers/{phoneNumber}']?.['delete']?.operationId).toBe('NumbersReleaseNumber');
  });
});
