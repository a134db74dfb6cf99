import { createServer, Server } from 'node:https';
import { AddressInfo } from 'node:net';
import {
  newTimeOrderedId,
  Requests,
  VoiceAgentSpecDto,
  VoiceCallDetailDto,
  VoiceToolDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  eventually,
  FakeOpenAiRealtime,
  loopbackTls,
  MediaStreamClient,
  TestDatabase,
  voiceAgentSpec,
} from '@clarion/testing';
import { runVoiceForSuite } from '../test-peers/voice-suite';

/** The shared test agent, with a {{company}} variable in its instructions and greeting. */
function spec(
  overrides: Parameters<typeof voiceAgentSpec>[0] = {},
  tools: VoiceToolDto[] = [],
): VoiceAgentSpecDto {
  return voiceAgentSpec({
    instructions: 'You book appointments for {{company}}.',
    inbound: { firstAction: 'speak', greeting: 'Thanks for calling {{company}}.' },
    variables: [{ name: 'company', defaultValue: 'Acme' }],
    tools,
    ...overrides,
  });
}

describe('call media websockets (voice service, PostgreSQL, NATS, a realtime model on loopback)', () => {
  let database: TestDatabase;
  let messaging: MessagingClient;
  let realtime: FakeOpenAiRealtime;
  let mediaPort: number;
  const accountId = newTimeOrderedId();

  beforeAll(async () => {
    realtime = await FakeOpenAiRealtime.start('sk-test');
  });
  const suite = runVoiceForSuite(() => ({
    PUBLIC_URL: 'https://voice.example.com',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: realtime.baseUrl,
    OUTBOUND_ALLOW_CIDRS: '127.0.0.1/32',
  }));
  beforeAll(() => {
    ({ database, messaging, mediaPort } = suite);
  });
  afterAll(() => realtime.close());

  /** A browser call; its websocket URL pointed at the media server itself. */
  async function browserCall(callSpec = spec()) {
    const placed = await messaging.request(Requests.placeVoiceCall, {
      accountId,
      source: 'web',
      spec: callSpec,
    });
    const url = new URL(placed.websocket);
    return {
      ...placed,
      token: url.searchParams.get('token') ?? '',
      local: `ws://127.0.0.1:${mediaPort}${url.pathname}${url.search}`,
      bare: `ws://127.0.0.1:${mediaPort}${url.pathname}`,
    };
  }

  const callOf = async (trackingId: string): Promise<VoiceCallDetailDto> =>
    (await messaging.request(Requests.getVoiceCall, { accountId, trackingId })).call;

  const endedCall = (trackingId: string) =>
    eventually(async () => {
      const call = await callOf(trackingId);
      return call.status === 'active' ? undefined : call;
    });

  it('runs a browser call: greeting, caller turn, answer, hang-up, all on the record', async () => {
    const call = await browserCall();
    expect(call.callControlId).toBe(`web-${call.trackingId}`);
    realtime.replyWith((said) => `You said ${said ?? 'nothing'}.`);
    const caller = await MediaStreamClient.connect(call.local);
    await eventually(() => caller.transcripts('agent')[0]);
    expect(caller.transcripts('agent')).toEqual(['Thanks for calling Acme.']);
    expect(caller.audio.length).toBeGreaterThan(0);
    const update = realtime.eventsOfType('session.update').at(-1)!;
    expect(JSON.stringify(update)).toContain('You book appointments for Acme.');

    caller.sendAudio(Buffer.alloc(320, 0x7f));
    await eventually(() =>
      realtime.eventsOfType('input_audio_buffer.append').length >= 2 ? true : undefined,
    );
    realtime.callerSays('I need a haircut');
    await eventually(() => caller.transcripts('agent')[1]);
    expect(caller.transcripts('user')).toEqual(['I need a haircut']);
    expect(caller.transcripts('agent')[1]).toBe('You said I need a haircut.');

    caller.hangUp();
    const record = await endedCall(call.trackingId);
    expect(record).toMatchObject({
      status: 'ended',
      outcome: 'completed',
      endReason: 'user_hangup',
    });
    const said = record.timeline.filter((entry) => entry.type === 'agent' || entry.type === 'user');
    expect(said.map(({ type, text }) => ({ type, text }))).toEqual([
      { type: 'agent', text: 'Thanks for calling Acme.' },
      { type: 'user', text: 'I need a haircut' },
      { type: 'agent', text: 'You said I need a haircut.' },
    ]);
    expect(said[2]).toHaveProperty('latency.responseMs', expect.any(Number));
    expect(record.timeline[0]).toMatchObject({ type: 'media.connected', detail: 'browser' });
    expect(record.timeline.at(-1)).toMatchObject({ type: 'call.ended' });
  });

  it('takes the token from Twilio start parameters, and refuses bad tokens and second sockets', async () => {
    const call = await browserCall(spec({ inbound: { firstAction: 'wait', greeting: 'Hi' } }));
    const forged = await MediaStreamClient.connect(call.bare, {
      parameters: { token: 'x'.repeat(43) },
    });
    expect(await forged.whenClosed()).toEqual({ code: 1008, reason: 'Invalid media token' });

    const twilio = await MediaStreamClient.connect(call.bare, {
      parameters: { token: call.token },
    });
    await eventually(async () =>
      (await callOf(call.trackingId)).timeline.length > 0 ? true : undefined,
    );
    const second = await MediaStreamClient.connect(call.local);
    expect((await second.whenClosed()).code).toBe(4404);
    expect(twilio.closed).toBeUndefined();
    expect(twilio.transcripts('agent')).toEqual([]);
    twilio.hangUp();
    expect((await endedCall(call.trackingId)).endReason).toBe('user_hangup');

    const afterEnd = await MediaStreamClient.connect(call.local);
    expect((await afterEnd.whenClosed()).code).toBe(4404);
  });

  it('ends the call with the end_call tool after the farewell has played', async () => {
    const call = await browserCall(
      spec({}, [
        { type: 'end_call', name: 'hang_up', description: 'End it', farewellMessage: 'Bye now!' },
      ]),
    );
    const caller = await MediaStreamClient.connect(call.local);
    await eventually(() => caller.transcripts('agent')[0]);
    realtime.callToolNext('hang_up', {});
    realtime.callerSays('That is all, thanks');
    expect((await caller.whenClosed()).code).toBe(1000);
    expect(caller.transcripts('agent').at(-1)).toBe('Bye now!');
    const record = await endedCall(call.trackingId);
    expect(record).toMatchObject({ outcome: 'completed', endReason: 'agent_end_call' });
    expect(record.timeline).toContainEqual(
      expect.objectContaining({
        type: 'tool.call',
        toolName: 'hang_up',
        toolResult: 'Ending the call',
      }),
    );
  });

  it('runs http_request tools through the outbound guard and gives the answer to the model', async () => {
    const received: string[] = [];
    const api: Server = createServer(loopbackTls(), (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(`${request.method} ${request.url} ${body}`);
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"slots":["9:00"]}');
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(api.address() as AddressInfo).port}/slots`;
    try {
      const call = await browserCall(
        spec({}, [
          {
            type: 'http_request',
            name: 'find_slots',
            description: 'Free slots',
            url,
            method: 'POST',
          },
        ]),
      );
      const caller = await MediaStreamClient.connect(call.local);
      await eventually(() => caller.transcripts('agent')[0]);
      realtime.callToolNext('find_slots', { body: { day: 'monday' } });
      realtime.callerSays('Anything on Monday?');
      await eventually(() =>
        realtime.eventsOfType('conversation.item.create').length > 0 ? true : undefined,
      );
      expect(received).toEqual(['POST /slots {"day":"monday"}']);
      const output = realtime.eventsOfType('conversation.item.create').at(-1)!;
      expect(output['item']).toMatchObject({
        type: 'function_call_output',
        output: 'HTTP 200: {"slots":["9:00"]}',
      });
      caller.hangUp();
      const record = await endedCall(call.trackingId);
      expect(record.timeline).toContainEqual(
        expect.objectContaining({
          type: 'tool.call',
          toolName: 'find_slots',
          toolArgs: { body: { day: 'monday' } },
          toolResult: 'HTTP 200: {"slots":["9:00"]}',
        }),
      );
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('ends a call no one speaks on after silenceTimeoutSeconds', async () => {
    const quiet = spec({
      inbound: { firstAction: 'wait', greeting: 'Hi' },
      conversation: { silenceTimeoutSeconds: 1 },
    });
    const call = await browserCall(quiet);
    const caller = await MediaStreamClient.connect(call.local);
    expect((await caller.whenClosed()).code).toBe(1000);
    const record = await endedCall(call.trackingId);
    expect(record).toMatchObject({ outcome: 'completed', endReason: 'silence_timeout' });
  });

  it('ends the call as a provider error when the model refuses, and as lost when the socket drops', async () => {
    realtime.refuseSession('invalid_api_key', 'Incorrect API key provided');
    const refused = await browserCall();
    const caller = await MediaStreamClient.connect(refused.local);
    expect((await caller.whenClosed()).code).toBe(1000);
    const record = await endedCall(refused.trackingId);
    expect(record).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      endReason: 'provider_error',
    });
    expect(record.endDetail).toContain('Incorrect API key provided');

    const dropped = await browserCall();
    const other = await MediaStreamClient.connect(dropped.local);
    await eventually(() => other.transcripts('agent')[0]);
    other.drop();
    expect((await endedCall(dropped.trackingId)).endReason).toBe('connection_lost');
  });

  // Last: it stops the service.
  it('ends the calls it carries with server_shutdown when the service stops, on the record', async () => {
    const call = await browserCall();
    const caller = await MediaStreamClient.connect(call.local);
    await eventually(() => caller.transcripts('agent')[0]);
    await suite.stopVoice();
    expect((await caller.whenClosed()).code).toBe(1000);
    const [row] = await database.query<{ status: string; end_reason: string; outcome: string }>(
      'SELECT status, end_reason, outcome FROM voice.calls WHERE tracking_id = $1',
      [call.trackingId],
    );
    expect(row).toEqual({ status: 'ended', end_reason: 'server_shutdown', outcome: 'failed' });
  });
});
