import { newTimeOrderedId, Requests, UsageChargeJob, VoiceCallDetailDto } from '@clarion/contracts';
import { MessagingClient, NATS_CONNECTION } from '@clarion/messaging';
import { TestDatabase, UsageChargesTap, voiceAgentSpec } from '@clarion/testing';
import { NatsConnection } from 'nats';
import { runVoiceForSuite } from '../test-peers/voice-suite';
import { CallCharges } from './call-charges';

describe('call charges (voice service, PostgreSQL, NATS, a numbers stand-in, the sandbox)', () => {
  const accountId = newTimeOrderedId();
  const suite = runVoiceForSuite({
    PUBLIC_URL: 'https://voice.example.com',
    VOICE_MINUTE_PRICES: 'pstn=0.015,web=0.005',
    // The test runs the rounds itself.
    VOICE_CHARGES_EVERY_MS: '3600000',
  });
  let database: TestDatabase;
  let messaging: MessagingClient;
  let charges: CallCharges;
  let usage: UsageChargesTap;

  beforeAll(async () => {
    ({ database, messaging } = suite);
    charges = suite.voice.get(CallCharges);
    const nats = suite.voice.get<NatsConnection>(NATS_CONNECTION);
    usage = await UsageChargesTap.open(nats, suite.namespace);
  });

  afterEach(() => jest.restoreAllMocks());

  const placePhoneCall = async (phoneNumber = '+14155550199') =>
    (
      await messaging.request(Requests.placeVoiceCall, {
        accountId,
        source: 'pstn',
        phoneNumber,
        spec: voiceAgentSpec(),
      })
    ).trackingId;
  const placeBrowserCall = async () =>
    (
      await messaging.request(Requests.placeVoiceCall, {
        accountId,
        source: 'web',
        spec: voiceAgentSpec(),
      })
    ).trackingId;
  const getCall = async (trackingId: string): Promise<VoiceCallDetailDto> =>
    (await messaging.request(Requests.getVoiceCall, { accountId, trackingId })).call;
  const endedAtOf = async (trackingId: string): Promise<string> => {
    const [row] = await database.query<{ ended_at: Date }>(
      'SELECT ended_at FROM voice.calls WHERE tracking_id = $1',
      [trackingId],
    );
    return row?.ended_at.toISOString() ?? 'not ended';
  };

  it('charges each ended call once: answered ones by the started minute, unanswered ones 0', async () => {
    const phone = await placePhoneCall();
    const long = await placePhoneCall();
    const browser = await placeBrowserCall();
    const unanswered = await placePhoneCall('+14155550002');
    // A phone call of 2 min 5 s: 3 started minutes.
    await database.query(
      `UPDATE voice.calls SET started_at = ended_at - interval '125 seconds' WHERE tracking_id = $1`,
      [long],
    );
    expect((await getCall(phone)).status).toBe('ended');
    expect((await getCall(phone)).cost).toBeUndefined();

    expect(await charges.chargeOnce()).toEqual({ charged: 4, published: 3 });

    expect((await getCall(phone)).cost).toEqual({
      amount: 0.015,
      currency: 'USD',
      billableMinutes: 1,
    });
    expect((await getCall(long)).cost).toEqual({
      amount: 0.045,
      currency: 'USD',
      billableMinutes: 3,
    });
    expect((await getCall(browser)).cost).toEqual({
      amount: 0.005,
      currency: 'USD',
      billableMinutes: 1,
    });
    expect((await getCall(unanswered)).outcome).toBe('no_answer');
    expect((await getCall(unanswered)).cost).toEqual({
      amount: 0,
      currency: 'USD',
      billableMinutes: 0,
    });
    const listed = await messaging.request(Requests.listVoiceCalls, { accountId, limit: 25 });
    expect(listed.calls[0]).not.toHaveProperty('cost');

    const expected: UsageChargeJob[] = [
      { chargeId: `call:${phone}`, amount: 0.015, at: await endedAtOf(phone) },
      { chargeId: `call:${long}`, amount: 0.045, at: await endedAtOf(long) },
      { chargeId: `call:${browser}`, amount: 0.005, at: await endedAtOf(browser) },
    ].map((charge) => ({ ...charge, accountId, kind: 'voice_call' as const }));
    expect(await usage.take()).toEqual(
      expected.sort((a, b) => a.chargeId.localeCompare(b.chargeId)),
    );

    // Charged calls are not charged again.
    expect(await charges.chargeOnce()).toEqual({ charged: 0, published: 0 });
    expect(await usage.take()).toEqual([]);
  });

  it('marks nothing when a publish fails, and charges the calls in the next round', async () => {
    const first = await placePhoneCall();
    const second = await placeBrowserCall();
    const publish = jest.spyOn(messaging, 'publishJob');
    publish.mockRejectedValueOnce(new Error('NATS is away'));

    await expect(charges.chargeOnce()).rejects.toThrow('1 of 2 call charges were not published');
    expect((await getCall(first)).cost).toBeUndefined();
    expect((await getCall(second)).cost).toBeUndefined();

    expect(await charges.chargeOnce()).toEqual({ charged: 2, published: 2 });
    expect((await getCall(first)).cost?.amount).toBe(0.015);
    expect((await getCall(second)).cost?.amount).toBe(0.005);
    // The charge stored by the failed round and its republish are one message (same Nats-Msg-Id).
    const published = await usage.take();
    expect(published.map((job) => job.chargeId).sort()).toEqual(
      [`call:${first}`, `call:${second}`].sort(),
    );
  });
});
