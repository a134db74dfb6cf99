import { INestApplicationContext } from '@nestjs/common';
import {
  DomainError,
  newTimeOrderedId,
  Requests,
  VoiceAgentSpecDto,
  VoiceCallDetailDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { TestDatabase, voiceAgentSpec } from '@clarion/testing';
import { NumbersStandIn } from './test-peers/numbers-stand-in';
import { runVoiceForSuite } from './test-peers/voice-suite';
import { OldCallsPurger } from './purge/old-calls-purger';

const A = newTimeOrderedId();
const B = newTimeOrderedId();

/** The shared test agent, chained, recorded, with {{variables}} and an end_call tool of its own. */
function spec(overrides: Partial<VoiceAgentSpecDto> = {}): VoiceAgentSpecDto {
  return voiceAgentSpec({
    instructions: 'You book appointments for {{company}}.',
    inbound: { firstAction: 'speak', greeting: 'Thanks for calling {{company}}.' },
    outbound: {
      firstAction: 'speak',
      opener: 'Hi {{first_name}}, Ava from {{company}}.',
      voicemailAction: 'hangup',
    },
    model: {
      mode: 'chained',
      llm: 'openai:gpt-4o-mini',
      stt: 'deepgram:nova-3',
      tts: 'elevenlabs:eleven_flash_v2_5',
      voiceId: 'v1',
      language: 'en-US',
      speechSpeed: 1,
      temperature: 0.5,
      maxTokens: 200,
    },
    tools: [{ type: 'end_call', name: 'hang_up', description: 'End the call' }],
    variables: [
      { name: 'company', defaultValue: 'Acme' },
      { name: 'first_name', defaultValue: 'there' },
    ],
    conversation: { turnDetection: 'semantic', silenceTimeoutSeconds: 15 },
    compliance: { recordingEnabled: true },
    ...overrides,
  });
}

describe('voice agents and calls (voice service, PostgreSQL, NATS, a numbers stand-in, the sandbox)', () => {
  const suite = runVoiceForSuite({ PUBLIC_URL: 'https://voice.example.com' });
  let database: TestDatabase;
  let voice: INestApplicationContext;
  let numbers: NumbersStandIn;
  let messaging: MessagingClient;

  beforeAll(() => {
    ({ database, voice, numbers, messaging } = suite);
  });

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error as DomainError,
    );
  const createAgent = async (accountId = A, overrides: Partial<VoiceAgentSpecDto> = {}) =>
    (await messaging.request(Requests.createVoiceAgent, { accountId, spec: spec(overrides) }))
      .agent;
  const orderNumber = (accountId = A) => Promise.resolve(numbers.hold(accountId));
  const release = (phoneNumber: string) => numbers.release(phoneNumber);
  const boundAgentOf = (phoneNumber: string) => numbers.numbers.get(phoneNumber)?.agentId;
  const bind = (agentId: string, phoneNumber: string, accountId = A) =>
    messaging.request(Requests.bindVoiceNumber, { accountId, agentId, phoneNumber });
  const getCall = async (trackingId: string, accountId = A): Promise<VoiceCallDetailDto> =>
    (await messaging.request(Requests.getVoiceCall, { accountId, trackingId })).call;

  it('creates, reads, lists, replaces and deletes an agent', async () => {
    const created = await createAgent();
    expect(created).toEqual({
      agentId: expect.any(String),
      deployment: 'hosted',
      spec: spec(),
      phoneNumbers: [],
      workerPresence: 'online',
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
    });
    const { agentId } = created;
    expect(
      (await messaging.request(Requests.getVoiceAgent, { accountId: A, agentId })).agent,
    ).toEqual(created);
    const listed = await messaging.request(Requests.listVoiceAgents, { accountId: A });
    expect(listed.agents.map((agent) => agent.agentId)).toContain(agentId);
    const replaced = await messaging.request(Requests.updateVoiceAgent, {
      accountId: A,
      agentId,
      spec: spec({ name: 'Bea', tools: [] }),
    });
    expect(replaced.agent.spec).toEqual(spec({ name: 'Bea', tools: [] }));
    expect(replaced.agent.createdAt).toBe(created.createdAt);
    expect(replaced.agent.updatedAt >= created.updatedAt).toBe(true);
    expect(await messaging.request(Requests.deleteVoiceAgent, { accountId: A, agentId })).toEqual({
      deleted: true,
    });
    for (const attempt of [
      () => messaging.request(Requests.getVoiceAgent, { accountId: A, agentId }),
      () => messaging.request(Requests.deleteVoiceAgent, { accountId: A, agentId }),
      () => messaging.request(Requests.getVoiceAgent, { accountId: A, agentId: 'not-an-id' }),
    ]) {
      expect((await failure(attempt())).code).toBe('NOT_FOUND');
    }
  });

  it("refuses another account's agent and validates the spec on the way in", async () => {
    const { agentId } = await createAgent(A);
    expect(
      (await failure(messaging.request(Requests.getVoiceAgent, { accountId: B, agentId }))).code,
    ).toBe('NOT_FOUND');
    const invalid = await failure(
      messaging.request(Requests.createVoiceAgent, {
        accountId: A,
        spec: {
          ...spec(),
          conversation: { ...spec().conversation, turnDetection: 'never' as 'vad' },
        },
      }),
    );
    expect(invalid.code).toBe('VALIDATION_FAILED');
    expect(invalid.message).toContain(
      'spec.conversation.turnDetection must be one of semantic, vad',
    );
  });

  it('refuses, when an agent is saved or a call placed, tools that call private or metadata addresses', async () => {
    const toolAt = (url: string) => ({
      type: 'http_request' as const,
      name: 'lookup',
      description: 'Find the order',
      url,
      method: 'GET' as const,
    });
    const hangUp = { type: 'end_call' as const, name: 'hang_up', description: 'End the call' };
    const created = await failure(
      createAgent(A, { tools: [toolAt('https://169.254.169.254/latest/meta-data/')] }),
    );
    expect(created.code).toBe('VALIDATION_FAILED');
    expect(created.message).toMatch(/^spec\.tools\.0\.url cannot be called: 169\.254\.169\.254 is/);

    const { agentId } = await createAgent();
    for (const url of [
      'https://[::ffff:a9fe:a9fe]/',
      'https://[::127.0.0.1]:8443/',
      'https://localhost/x',
    ]) {
      const updated = await failure(
        messaging.request(Requests.updateVoiceAgent, {
          accountId: A,
          agentId,
          spec: spec({ tools: [hangUp, toolAt(url)] }),
        }),
      );
      expect(updated.code).toBe('VALIDATION_FAILED');
      expect(updated.message).toContain('spec.tools.1.url cannot be called');
    }
    const read = await messaging.request(Requests.getVoiceAgent, { accountId: A, agentId });
    expect(read.agent.spec).toEqual(spec());

    const placed = await failure(
      messaging.request(Requests.placeVoiceCall, {
        accountId: A,
        source: 'web',
        spec: spec({ tools: [toolAt('https://[fd00:ec2::254]/latest')] }),
      }),
    );
    expect(placed.code).toBe('VALIDATION_FAILED');
    expect(placed.message).toContain('spec.tools.0.url cannot be called');

    const publicTool = await createAgent(A, {
      tools: [toolAt('https://api.example.com/orders/{{id}}')],
    });
    expect(publicTool.spec.tools).toEqual([toolAt('https://api.example.com/orders/{{id}}')]);
  });

  it('binds an active number of the account to one agent at most, and unbinds it', async () => {
    const first = await createAgent();
    const second = await createAgent();
    const phoneNumber = await orderNumber();
    expect((await bind(first.agentId, phoneNumber)).agent.phoneNumbers).toEqual([phoneNumber]);
    // Binding it again to the same agent changes nothing.
    expect((await bind(first.agentId, phoneNumber)).agent.phoneNumbers).toEqual([phoneNumber]);
    expect((await failure(bind(second.agentId, phoneNumber))).code).toBe('PHONE_NUMBER_BOUND');
    expect(boundAgentOf(phoneNumber)).toBe(first.agentId);

    const unbound = await messaging.request(Requests.unbindVoiceNumber, {
      accountId: A,
      agentId: first.agentId,
      phoneNumber,
    });
    expect(unbound.agent.phoneNumbers).toEqual([]);
    const again = await failure(
      messaging.request(Requests.unbindVoiceNumber, {
        accountId: A,
        agentId: first.agentId,
        phoneNumber,
      }),
    );
    expect(again.code).toBe('NOT_FOUND');
    expect((await bind(second.agentId, phoneNumber)).agent.phoneNumbers).toEqual([phoneNumber]);
  });

  it('refuses a number of another account, a released one and one nobody holds', async () => {
    const agent = await createAgent();
    const foreign = await orderNumber(B);
    expect((await failure(bind(agent.agentId, foreign))).code).toBe('NOT_FOUND');
    const released = await orderNumber();
    release(released);
    expect((await failure(bind(agent.agentId, released))).code).toBe('NOT_FOUND');
    expect((await failure(bind(agent.agentId, '+19995550100'))).code).toBe('NOT_FOUND');
    const unknownAgent = await failure(bind(newTimeOrderedId(), await orderNumber()));
    expect(unknownAgent.code).toBe('NOT_FOUND');
  });

  it('unbinds the numbers of a deleted agent, and shows a released number unbound', async () => {
    const agent = await createAgent();
    const kept = await orderNumber();
    const released = await orderNumber();
    await bind(agent.agentId, kept);
    const both = await bind(agent.agentId, released);
    expect(both.agent.phoneNumbers).toEqual([kept, released].sort());
    release(released);
    const read = await messaging.request(Requests.getVoiceAgent, {
      accountId: A,
      agentId: agent.agentId,
    });
    expect(read.agent.phoneNumbers).toEqual([kept]);
    await messaging.request(Requests.deleteVoiceAgent, { accountId: A, agentId: agent.agentId });
    expect(boundAgentOf(kept)).toBeUndefined();
  });

  it('records an outbound call with its lifecycle, transcript, variables and recording', async () => {
    const agent = await createAgent();
    const from = await orderNumber();
    await bind(agent.agentId, from);
    const placed = await messaging.request(Requests.placeVoiceCall, {
      accountId: A,
      source: 'pstn',
      phoneNumber: '+14155550199',
      spec: spec(),
      variables: { first_name: 'Ada' },
      agentId: agent.agentId,
    });
    expect(placed).toEqual({
      trackingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      callControlId: `sandbox-${placed.trackingId}`,
      websocket: expect.stringMatching(
        `^wss://voice.example.com/voice/media/${placed.trackingId}\\?token=[\\w-]{43}$`,
      ),
    });
    const call = await getCall(placed.trackingId);
    expect(call).toMatchObject({
      trackingId: placed.trackingId,
      status: 'ended',
      agentId: agent.agentId,
      agentName: 'Ava',
      direction: 'outbound',
      source: 'pstn',
      from,
      to: '+14155550199',
      outcome: 'completed',
      endReason: 'user_hangup',
      recordingUrl: `https://sandbox.invalid/recordings/${placed.trackingId}.wav`,
      variables: { company: 'Acme', first_name: 'Ada' },
    });
    expect(call.endDetail).toContain('sandbox');
    expect(call.durationSeconds).toBeGreaterThan(0);
    expect(call.timeline.map((entry) => entry.type)).toEqual([
      'sandbox',
      'call.ringing',
      'call.answered',
      'recording.started',
      'agent',
      'user',
      'call.ended',
    ]);
    expect(call.timeline[4]?.text).toBe('Hi Ada, Ava from Acme.');
  });

  it('refuses per-call variables the spec does not declare, and an unknown agentId', async () => {
    const undeclared = await failure(
      messaging.request(Requests.placeVoiceCall, {
        accountId: A,
        source: 'pstn',
        phoneNumber: '+14155550199',
        spec: spec(),
        variables: { plan: 'gold' },
      }),
    );
    expect(undeclared.message).toBe('variables.plan is not declared in spec.variables');
    const foreignAgent = (await createAgent(B)).agentId;
    const unknown = await failure(
      messaging.request(Requests.placeVoiceCall, {
        accountId: A,
        source: 'web',
        spec: spec(),
        agentId: foreignAgent,
      }),
    );
    expect(unknown.code).toBe('NOT_FOUND');
  });

  it('routes an inbound call to the agent of the number, and turns away unbound numbers', async () => {
    const agent = await createAgent(A, {
      inbound: { firstAction: 'speak', greeting: 'Hello from {{company}}!' },
    });
    const phoneNumber = await orderNumber();
    const turnedAway = await messaging.request(Requests.inboundVoiceCall, {
      provider: 'sandbox',
      to: phoneNumber,
      from: '+14155550123',
    });
    expect(turnedAway).toEqual({ answered: false, message: expect.any(String) });
    await bind(agent.agentId, phoneNumber);
    const answered = await messaging.request(Requests.inboundVoiceCall, {
      provider: 'sandbox',
      to: phoneNumber,
      from: '+14155550123',
      callControlId: 'CAinbound1',
    });
    expect(answered).toEqual({
      answered: true,
      trackingId: expect.any(String),
      websocket: expect.stringMatching(
        `^wss://voice.example.com/voice/media/${answered.trackingId}\\?token=[\\w-]{43}$`,
      ),
    });
    const call = await getCall(answered.trackingId!);
    expect(call).toMatchObject({
      direction: 'inbound',
      source: 'pstn',
      from: '+14155550123',
      to: phoneNumber,
    });
    expect(call.timeline.find((entry) => entry.type === 'agent')?.text).toBe('Hello from Acme!');
    // The provider announcing the same call again gets the same record.
    const repeated = await messaging.request(Requests.inboundVoiceCall, {
      provider: 'sandbox',
      to: phoneNumber,
      from: '+14155550123',
      callControlId: 'CAinbound1',
    });
    expect(repeated.trackingId).toBe(answered.trackingId);
    const twilio = await failure(
      messaging.request(Requests.inboundVoiceCall, {
        provider: 'twilio',
        to: phoneNumber,
        from: '+1',
      }),
    );
    expect(twilio.code).toBe('FORBIDDEN');
  });

  it('lists calls newest first in pages, by agent, 25 by default', async () => {
    const accountId = newTimeOrderedId();
    const agent = await createAgent(accountId);
    const place = (agentId?: string) =>
      messaging.request(Requests.placeVoiceCall, {
        accountId,
        source: 'web',
        spec: spec(),
        agentId,
      });
    const placed: string[] = [];
    for (let n = 0; n < 28; n++)
      placed.push((await place(n % 2 === 0 ? agent.agentId : undefined)).trackingId);
    const newestFirst = [...placed].reverse();

    const first = await messaging.request(Requests.listVoiceCalls, { accountId, limit: 25 });
    expect(first.calls.map((call) => call.trackingId)).toEqual(newestFirst.slice(0, 25));
    expect(first.calls[0]).toEqual({
      trackingId: newestFirst[0],
      status: 'ended',
      agentName: 'Ava',
      direction: 'inbound',
      source: 'web',
      from: 'browser',
      to: 'agent',
      startedAt: expect.any(String),
      durationSeconds: expect.any(Number),
      outcome: 'completed',
      endReason: 'user_hangup',
      endDetail: expect.stringContaining('sandbox'),
    });
    const second = await messaging.request(Requests.listVoiceCalls, {
      accountId,
      limit: 25,
      cursor: first.cursor,
    });
    expect(second.calls.map((call) => call.trackingId)).toEqual(newestFirst.slice(25));
    expect(second.cursor).toBeUndefined();

    const collected: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await messaging.request(Requests.listVoiceCalls, {
        accountId,
        agentId: agent.agentId,
        limit: 5,
        cursor,
      });
      collected.push(...page.calls.map((call) => call.trackingId));
      cursor = page.cursor;
    } while (cursor);
    expect(collected).toEqual(newestFirst.filter((_, n) => n % 2 === 1));
    const bad = await failure(
      messaging.request(Requests.listVoiceCalls, { accountId, limit: 5, cursor: 'x' }),
    );
    expect(bad.message).toBe('cursor is not a cursor of this list');
  });

  it('hides and purges calls older than 30 days, and expires calls left active', async () => {
    const accountId = newTimeOrderedId();
    const place = () =>
      messaging.request(Requests.placeVoiceCall, { accountId, source: 'web', spec: spec() });
    const old = (await place()).trackingId;
    const recent = (await place()).trackingId;
    const stale = (await place()).trackingId;
    await database.query(
      `UPDATE voice.calls SET started_at = now() - interval '31 days', ended_at = now() - interval '31 days'
        WHERE tracking_id = $1`,
      [old],
    );
    await database.query(
      `UPDATE voice.calls SET status = 'active', ended_at = NULL, started_at = now() - interval '5 hours'
        WHERE tracking_id = $1`,
      [stale],
    );
    expect((await failure(getCall(old, accountId))).code).toBe('NOT_FOUND');
    const listed = await messaging.request(Requests.listVoiceCalls, { accountId, limit: 25 });
    expect(listed.calls.map((call) => call.trackingId)).toEqual([recent, stale]);

    const round = await voice.get(OldCallsPurger).purgeOnce();
    expect(round?.purged).toBeGreaterThanOrEqual(1);
    expect(round?.expired).toBeGreaterThanOrEqual(1);
    expect(await database.query('SELECT 1 FROM voice.calls WHERE tracking_id = $1', [old])).toEqual(
      [],
    );
    expect(await getCall(stale, accountId)).toMatchObject({
      status: 'ended',
      endReason: 'session_expired',
    });
    expect((await getCall(recent, accountId)).status).toBe('ended');
  });
});
