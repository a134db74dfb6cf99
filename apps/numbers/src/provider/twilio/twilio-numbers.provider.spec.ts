import { DomainError, ErrorCode } from '@clarion/contracts';
import { TwilioRestClient } from '@clarion/providers';
import { FakeTwilio } from '@clarion/testing';
import { TwilioNumbersProvider } from './twilio-numbers.provider';

const SID = 'AC0123456789abcdef0123456789abcdef';

describe(TwilioNumbersProvider.name, () => {
  let twilio: FakeTwilio;
  let sut: TwilioNumbersProvider;

  beforeAll(async () => {
    twilio = await FakeTwilio.start(SID, 'the-auth-token');
  });

  afterAll(() => twilio.close());

  beforeEach(() => {
    twilio.requests.length = 0;
    twilio.availableNumbers.length = 0;
    twilio.availableNumbers.push(
      {
        phoneNumber: '+14155550100',
        isoCountry: 'US',
        locality: 'San Francisco',
        region: 'CA',
        capabilities: { voice: true, sms: true, mms: true },
      },
      { phoneNumber: '+14155550101', isoCountry: 'US', capabilities: { voice: true } },
      { phoneNumber: '+12125550100', isoCountry: 'US', capabilities: { sms: true } },
    );
    sut = new TwilioNumbersProvider(
      new TwilioRestClient(
        { baseUrl: twilio.baseUrl, accountSid: SID, authToken: 'the-auth-token' },
        1_000,
      ),
    );
  });

  it("searches Twilio's local numbers with the query's filters and maps them", async () => {
    const numbers = await sut.search({
      countryCode: 'US',
      areaCode: '415',
      features: ['sms'],
      limit: 5,
    });
    expect(numbers).toEqual([
      {
        phoneNumber: '+14155550100',
        countryCode: 'US',
        locality: 'San Francisco',
        administrativeArea: 'CA',
        numberType: 'local',
        features: ['sms', 'mms', 'voice'],
      },
    ]);
    const [request] = twilio.requestsTo('AvailablePhoneNumbers/US/Local.json');
    expect(Object.fromEntries(request!.query)).toEqual({
      AreaCode: '415',
      SmsEnabled: 'true',
      PageSize: '5',
    });
  });

  it('narrows a search outside North America to the area code itself', async () => {
    twilio.availableNumbers.push(
      {
        phoneNumber: '+442071230000',
        isoCountry: 'GB',
        locality: 'London',
        capabilities: { voice: true },
      },
      {
        phoneNumber: '+441611230000',
        isoCountry: 'GB',
        locality: 'Manchester',
        capabilities: { voice: true },
      },
    );
    const numbers = await sut.search({
      countryCode: 'GB',
      areaCode: '161',
      features: [],
      limit: 5,
    });
    expect(numbers.map((number) => number.locality)).toEqual(['Manchester']);
    const [request] = twilio.requestsTo('AvailablePhoneNumbers/GB/Local.json');
    expect(request!.query.has('AreaCode')).toBe(false);
  });

  it('answers no numbers for a country Twilio sells none in', async () => {
    twilio.replyNext({ status: 404, body: '{"code":20404,"message":"not found","status":404}' });
    expect(await sut.search({ countryCode: 'AQ', features: [], limit: 10 })).toEqual([]);
  });

  it('buys a number, then releases it by its SID', async () => {
    const bought = await sut.purchase('+14155550101');
    expect(bought).toEqual({
      providerSid: expect.stringMatching(/^PN/),
      friendlyName: '+14155550101',
      features: ['voice'],
    });
    expect(twilio.accountNumbers.has('+14155550101')).toBe(true);
    await sut.release(bought.providerSid);
    expect(twilio.accountNumbers.has('+14155550101')).toBe(false);
    await expect(sut.release(bought.providerSid)).resolves.toBeUndefined();
  });

  it('answers PHONE_NUMBER_UNAVAILABLE when Twilio refuses the number', async () => {
    const refused = await sut.purchase('+19995550100').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: ErrorCode.PHONE_NUMBER_UNAVAILABLE,
      message: expect.stringContaining('(21422)'),
    });
  });

  it('answers PROVIDER_ERROR when Twilio rejects the credentials or fails', async () => {
    twilio.replyNext({ status: 401, body: '{"code":20003,"message":"Authenticate","status":401}' });
    await expect(sut.purchase('+14155550100')).rejects.toMatchObject({
      code: ErrorCode.PROVIDER_ERROR,
    });
    twilio.replyNext({ status: 503, body: 'down' });
    await expect(sut.search({ countryCode: 'US', features: [], limit: 1 })).rejects.toMatchObject({
      code: ErrorCode.PROVIDER_ERROR,
      message: expect.stringContaining('HTTP 503'),
    });
  });

  it('keeps a number Twilio sold although its answer never came', async () => {
    twilio.accountNumbers.add('+12125550100');
    twilio.replyNext('hang');
    const bought = await sut.purchase('+12125550100');
    expect(bought.providerSid).toMatch(/^PN/);
    expect(twilio.requestsTo('IncomingPhoneNumbers.json').map((r) => r.method)).toEqual([
      'POST',
      'GET',
    ]);
  });
});
