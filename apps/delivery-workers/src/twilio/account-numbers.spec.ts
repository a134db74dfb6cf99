import { AccountNumbers } from './account-numbers';
import { FakeTwilio } from '@clarion/testing';
import { TwilioClient } from './twilio-client';

describe(AccountNumbers.name, () => {
  let twilio: FakeTwilio;
  let now: number;
  let sut: AccountNumbers;

  beforeEach(async () => {
    twilio = await FakeTwilio.start('AC1', 'token');
    twilio.accountNumbers.add('+15005550001');
    const client = new TwilioClient({
      baseUrl: twilio.baseUrl,
      accountSid: 'AC1',
      authToken: 'token',
      fromNumber: '+15005550006',
      publicUrl: 'https://clarion.example.com',
    });
    now = Date.parse('2026-03-01T12:00:00Z');
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    sut = new AccountNumbers(client);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await twilio.close();
  });

  it('knows a number of the account, and one that is not', async () => {
    await expect(sut.check('+15005550001')).resolves.toEqual({ owned: true });
    await expect(sut.check('+15005550002')).resolves.toEqual({ owned: false });
  });

  it('remembers an answer for five minutes', async () => {
    await sut.check('+15005550002');
    twilio.accountNumbers.add('+15005550002');

    now += 5 * 60_000 - 1;
    await expect(sut.check('+15005550002')).resolves.toEqual({ owned: false });
    now += 1;
    await expect(sut.check('+15005550002')).resolves.toEqual({ owned: true });
    expect(twilio.requestsTo('IncomingPhoneNumbers.json')).toHaveLength(2);
  });

  it('does not remember a failed lookup', async () => {
    twilio.replyNext({ status: 500, body: '' });

    await expect(sut.check('+15005550001')).resolves.toMatchObject({
      outcome: { status: 'retry' },
    });
    await expect(sut.check('+15005550001')).resolves.toEqual({ owned: true });
  });

  it('retries a lookup whose answer it cannot read', async () => {
    twilio.replyNext({ status: 200, body: '<html></html>' });

    await expect(sut.check('+15005550001')).resolves.toMatchObject({
      outcome: { status: 'retry' },
    });
  });
});
