import { createHmac } from 'node:crypto';
import { AccountResponseDto } from '@clarion/contracts';
import {
  eventually,
  FakeOpenAiRealtime,
  FakeTwilio,
  MediaStreamClient,
  runSystemForSuite,
} from '@clarion/testing';
import { WebSocket } from 'ws';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type Placed = { trackingId: string; callControlId: string; websocket: string };
type Call = { status: string; endReason?: string; timeline: Json[] } & Json;

const spec = {
  name: 'Ava',
  instructions: 'You book appointments for {{company}}.',
  inbound: { firstAction: 'speak', greeting: 'Thanks for calling {{company}}!' },
  outbound: {
    firstAction: 'speak',
    opener: 'Hi {{first_name}}, Ava from {{company}}.',
    voicemailAction: 'hangup',
  },
  model: { mode: 'realtime', model: 'openai:gpt-realtime', voiceId: 'marin' },
  tools: [],
  variables: [
    { name: 'company', defaultValue: 'Acme' },
    { name: 'first_name', defaultValue: 'there' },
  ],
  conversation: {
    turnDetection: 'semantic',
    minEndOfTurnSilenceMs: 500,
    allowInterruptions: true,
    minInterruptionDurationMs: 300,
    silenceTimeoutSeconds: 20,
    maxCallLengthSeconds: 600,
  },
  compliance: { recordingEnabled: false },
};

/**
 * A call's audio end to end: Twilio (a loopback peer) is asked to place the call with TwiML
 * that streams to the gateway; the test then plays Twilio's part on that stream, through the
 * gateway to the voice service, which talks to a realtime model (a loopback peer).
 */
describe('voice call media, end to end', () => {
  let twilio: FakeTwilio;
  let realtime: FakeOpenAiRealtime;
  beforeAll(async () => {
    twilio = await FakeTwilio.start('ACmedia', 'media-token');
    realtime = await FakeOpenAiRealtime.start('sk-media');
  });
  afterAll(async () => {
    await Promise.all([twilio.close(), realtime.close()]);
  });
  const suite = runSystemForSuite(() => ({
    VOICE_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'ACmedia',
    TWILIO_AUTH_TOKEN: 'media-token',
    TWILIO_BASE_URL: twilio.baseUrl,
    // The shared sender: with it delivery-workers sends SMS through Twilio too.
    TWILIO_FROM_NUMBER: '+15005550006',
    OPENAI_API_KEY: 'sk-media',
    OPENAI_BASE_URL: realtime.baseUrl,
  }));
  let api: ApiClient;

  beforeAll(() => {
    const account: AccountResponseDto = suite.system.createAccount('Media Co', 'owner@media.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
  });

  const ended = (trackingId: string) =>
    eventually(async () => {
      const { body } = await api.call<{ call: Call }>('GET', `/voice/calls/${trackingId}`);
      return body.call.status === 'active' ? undefined : body.call;
    });

  it('streams a placed phone call through the gateway to its agent and records the conversation', async () => {
    const placed = await api.call<Placed>('POST', '/voice/call', {
      phoneNumber: '+14155550142',
      spec,
      variables: { first_name: 'Ada' },
    });
    expect(placed.status).toBe(200);
    const twiml = twilio.requestsTo('Calls.json').at(-1)!.form.get('Twiml')!;
    const stream = /<Stream url="([^"]+)"><Parameter name="token" value="([^"]+)"\/>/.exec(twiml);
    expect(stream?.[1]).toBe(
      `ws://localhost:${new URL(suite.system.baseUrl).port}/voice/media/${placed.body.trackingId}`,
    );

    const caller = await MediaStreamClient.connect(stream![1]!.replace('localhost', '127.0.0.1'), {
      parameters: { token: stream![2]! },
      callSid: placed.body.callControlId,
    });
    await eventually(() => (caller.audio.length > 0 ? true : undefined));
    realtime.replyWith('Tuesday at ten works.');
    caller.sendAudio(Buffer.alloc(480, 0x7f));
    await eventually(() =>
      realtime.eventsOfType('input_audio_buffer.append').length >= 3 ? true : undefined,
    );
    realtime.callerSays('Can I come on Tuesday?');
    await eventually(async () => {
      const { body } = await api.call<{ call: Call }>(
        'GET',
        `/voice/calls/${placed.body.trackingId}`,
      );
      return (
        body.call.timeline.some((entry) => entry['text'] === 'Tuesday at ten works.') || undefined
      );
    });
    caller.hangUp();

    const call = await ended(placed.body.trackingId);
    expect(call).toMatchObject({
      status: 'ended',
      outcome: 'completed',
      endReason: 'user_hangup',
      direction: 'outbound',
    });
    const said = call.timeline.filter(
      (entry) => entry['type'] === 'agent' || entry['type'] === 'user',
    );
    expect(said.map((entry) => entry['text'])).toEqual([
      'Hi Ada, Ava from Acme.',
      'Can I come on Tuesday?',
      'Tuesday at ten works.',
    ]);
    // Twilio never sees the playground's transcript frames.
    expect(caller.count('transcript')).toBe(0);
  });

  /** A POST to one of the gateway's Twilio webhooks, signed as Twilio signs it. */
  function fromTwilio(path: string, params: Record<string, string>): Promise<Response> {
    const url = `${new URL(suite.system.baseUrl).origin.replace('127.0.0.1', 'localhost')}${path}`;
    const signed = Object.keys(params)
      .sort()
      .reduce((text, name) => text + name + params[name], url);
    return fetch(`${suite.system.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': createHmac('sha1', 'media-token').update(signed).digest('base64'),
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  /** Twilio's asynchronous answering-machine verdict. */
  async function machineAnswered(callSid: string, answeredBy: string): Promise<number> {
    const params = { CallSid: callSid, AnsweredBy: answeredBy };
    return (await fromTwilio('/webhooks/twilio/voice-status', params)).status;
  }

  async function placeAndStream(outbound: Json) {
    const placed = await api.call<Placed>('POST', '/voice/call', {
      phoneNumber: '+14155550143',
      spec: { ...spec, outbound },
    });
    const twiml = twilio.requestsTo('Calls.json').at(-1)!.form.get('Twiml')!;
    const [, url, token] = /<Stream url="([^"]+)"><Parameter name="token" value="([^"]+)"/.exec(
      twiml,
    )!;
    const connect = () =>
      MediaStreamClient.connect(url!.replace('localhost', '127.0.0.1'), {
        parameters: { token: token! },
        callSid: placed.body.callControlId,
      });
    return { placed: placed.body, connect };
  }

  it('leaves the voicemail message after the beep, or hangs up on a machine, as the agent says', async () => {
    const leaves = await placeAndStream({
      firstAction: 'speak',
      opener: 'Hi, Ava from {{company}}.',
      voicemailAction: 'message',
      voicemailMessage: 'Please call {{company}} back.',
    });
    const machine = await leaves.connect();
    await eventually(() => (machine.audio.length > 0 ? true : undefined));
    expect(await machineAnswered(leaves.placed.callControlId, 'machine_end_beep')).toBe(200);
    expect((await machine.whenClosed()).code).toBe(1000);
    expect(machine.count('clear')).toBeGreaterThan(0);
    const left = await ended(leaves.placed.trackingId);
    expect(left).toMatchObject({ outcome: 'voicemail', endReason: 'voicemail' });
    expect(
      left.timeline.filter((entry) => entry['type'] === 'agent').map((e) => e['text']),
    ).toEqual(['Hi, Ava from Acme.', 'Please call Acme back.']);

    const hangsUp = await placeAndStream({
      firstAction: 'speak',
      opener: 'Hi.',
      voicemailAction: 'hangup',
    });
    expect(await machineAnswered(hangsUp.placed.callControlId, 'machine_start')).toBe(200);
    const early = await hangsUp.connect();
    expect((await early.whenClosed()).code).toBe(1000);
    expect(early.audio.length).toBe(0);
    expect(await ended(hangsUp.placed.trackingId)).toMatchObject({
      outcome: 'voicemail',
      endReason: 'voicemail',
    });
  });

  it('answers a call to a bound number with its agent, and records it when the agent records', async () => {
    const phoneNumber = '+14155550177';
    twilio.availableNumbers.push({
      phoneNumber,
      isoCountry: 'US',
      capabilities: { voice: true, sms: true },
    });
    expect((await api.call('GET', '/numbers/available?countryCode=US')).status).toBe(200);
    expect((await api.call('POST', '/numbers/order', { phoneNumber })).status).toBe(200);
    const recorded = { ...spec, compliance: { recordingEnabled: true } };
    const created = await api.call<{ agent: { agentId: string } }>('POST', '/voice/agents', {
      spec: recorded,
    });
    const agentId = created.body.agent.agentId;
    expect(
      (await api.call('POST', `/voice/agents/${agentId}/numbers`, { phoneNumber })).status,
    ).toBe(200);

    const callSid = 'CAinbound0000000000000000000000001';
    twilio.placedCalls.add(callSid);
    const ringing = await fromTwilio('/webhooks/twilio/voice-inbound', {
      CallSid: callSid,
      From: '+14155550123',
      To: phoneNumber,
    });
    const trackingId = ringing.headers.get('x-clarion-tracking-id')!;
    const [, url, token] = /<Stream url="([^"]+)"><Parameter name="token" value="([^"]+)"/.exec(
      await ringing.text(),
    )!;
    const caller = await MediaStreamClient.connect(url!.replace('localhost', '127.0.0.1'), {
      parameters: { token: token! },
      callSid,
    });
    await eventually(() => (caller.audio.length > 0 ? true : undefined));
    await eventually(() => twilio.requestsTo(`Calls/${callSid}/Recordings.json`)[0]);
    expect(
      Object.fromEntries(twilio.requestsTo(`Calls/${callSid}/Recordings.json`)[0]!.form),
    ).toMatchObject({ RecordingChannels: 'dual', RecordingStatusCallbackMethod: 'POST' });
    const recordingUrl = 'https://api.twilio.com/2010-04-01/Accounts/ACmedia/Recordings/RE1';
    await fromTwilio('/webhooks/twilio/voice-status', {
      CallSid: callSid,
      RecordingUrl: recordingUrl,
    });
    caller.hangUp();
    const call = await ended(trackingId);
    expect(call).toMatchObject({ direction: 'inbound', agentId, recordingUrl });
    expect(call.timeline.map((entry) => entry['type'])).toEqual(
      expect.arrayContaining(['media.connected', 'recording.started', 'agent', 'call.ended']),
    );
    expect(call.timeline.find((entry) => entry['type'] === 'agent')).toMatchObject({
      text: 'Thanks for calling Acme!',
    });
  });

  it("texts the other party from the call's number like any SMS, and not once they texted STOP", async () => {
    const ourNumber = '+14155550178';
    const theirNumber = '+14155550144';
    twilio.availableNumbers.push({
      phoneNumber: ourNumber,
      isoCountry: 'US',
      capabilities: { voice: true, sms: true },
    });
    expect((await api.call('GET', '/numbers/available?countryCode=US')).status).toBe(200);
    expect((await api.call('POST', '/numbers/order', { phoneNumber: ourNumber })).status).toBe(200);
    const texting = {
      ...spec,
      tools: [
        {
          type: 'send_sms',
          name: 'text_booking',
          description: 'Texts the booking',
          message: 'Your booking: Tuesday 10:00',
        },
      ],
    };
    /** A phone call whose agent texts the callee; the tool's answer and the call's number. */
    async function callAndText(): Promise<{ toolResult: string; from: string }> {
      const placed = await api.call<Placed>('POST', '/voice/call', {
        phoneNumber: theirNumber,
        spec: texting,
      });
      const twiml = twilio.requestsTo('Calls.json').at(-1)!.form.get('Twiml')!;
      const [, url, token] = /<Stream url="([^"]+)"><Parameter name="token" value="([^"]+)"/.exec(
        twiml,
      )!;
      const caller = await MediaStreamClient.connect(url!.replace('localhost', '127.0.0.1'), {
        parameters: { token: token! },
        callSid: placed.body.callControlId,
      });
      await eventually(() => (caller.audio.length > 0 ? true : undefined));
      realtime.callToolNext('text_booking', {});
      realtime.callerSays('Can you text me the booking?');
      const toolCall = await eventually(async () => {
        const { body } = await api.call<{ call: Call }>(
          'GET',
          `/voice/calls/${placed.body.trackingId}`,
        );
        return body.call.timeline.find((entry) => entry['toolName'] === 'text_booking');
      });
      caller.hangUp();
      const call = await ended(placed.body.trackingId);
      return { toolResult: String(toolCall['toolResult']), from: String(call['from']) };
    }
    const textTrackingId = (toolResult: string) =>
      /^The text to \+14155550144 was queued for delivery \(trackingId ([0-9a-f-]{36})\)\.$/.exec(
        toolResult,
      )?.[1];
    const logOf = (trackingId: string, ready: (log: Json) => boolean) =>
      eventually(
        async () => {
          const { body } = await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`);
          const log = body.logs[0];
          return log && ready(log) ? log : undefined;
        },
        { timeoutMs: 20_000 },
      );
    const textsTo = () =>
      twilio
        .requestsTo('Messages.json')
        .filter((request) => request.form.get('To') === theirNumber);

    const first = await callAndText();
    expect(first.from).not.toBe('+15005550006');
    const firstText = textTrackingId(first.toolResult);
    expect(firstText).toBeDefined();
    const [message] = await eventually(() => (textsTo().length > 0 ? textsTo() : undefined));
    expect(Object.fromEntries(message!.form)).toMatchObject({
      From: first.from,
      To: theirNumber,
      Body: 'Your booking: Tuesday 10:00',
    });
    const sent = await logOf(firstText!, (log) => 'sms_sent_at' in log);
    expect(sent).toMatchObject({ type: 'voice_agent_sms', sms_sent_from: first.from });

    const stop = { MessageSid: 'SMvoicestop1', From: theirNumber, To: first.from, Body: 'STOP' };
    expect(
      (await fromTwilio('/webhooks/twilio/sms-inbound', { ...stop, NumMedia: '0' })).status,
    ).toBe(200);
    await logOf(firstText!, (log) => 'sms_unsubscribe_at' in log);

    const second = await callAndText();
    const refused = await logOf(
      textTrackingId(second.toolResult)!,
      (log) => 'sms_failed_code' in log,
    );
    expect(refused['sms_failed_code']).toBe('21610');
    expect(textsTo()).toHaveLength(1);
  });

  it('talks to a browser with transcripts, and refuses other upgrades and wrong tokens', async () => {
    const placed = await api.call<Placed>('POST', '/voice/browser-call', { spec });
    expect(placed.body.callControlId).toBe(`web-${placed.body.trackingId}`);
    const browser = await MediaStreamClient.connect(
      placed.body.websocket.replace('localhost', '127.0.0.1'),
    );
    await eventually(() => browser.transcripts('agent')[0]);
    expect(browser.transcripts('agent')).toEqual(['Thanks for calling Acme!']);
    browser.sendText('Hello there');
    await eventually(() => browser.transcripts('agent')[1]);
    browser.hangUp();
    const call = await ended(placed.body.trackingId);
    expect(call.timeline.filter((entry) => entry['type'] === 'user')).toEqual([
      expect.objectContaining({ text: 'Hello there' }),
    ]);

    const base = suite.system.baseUrl.replace('http', 'ws');
    const status = (url: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url);
        socket.once('unexpected-response', (_request, response) =>
          resolve(response.statusCode ?? 0),
        );
        socket.once('open', () => resolve(101));
        socket.once('error', () => resolve(0));
      });
    expect(await status(`${base}/logs/tail`)).toBe(404);
    const forged = await MediaStreamClient.connect(
      `${base}/voice/media/${placed.body.trackingId}?token=${'A'.repeat(43)}`,
    );
    expect(await forged.whenClosed()).toEqual({ code: 1008, reason: 'Invalid media token' });
  });
});
