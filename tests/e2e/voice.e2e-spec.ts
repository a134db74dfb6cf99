import { AccountResponseDto } from '@clarion/contracts';
import { eventually, runSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type ErrorBody = { trackingId: string; error: { code: string; message: string } };
type Agent = { agentId: string; phoneNumbers: string[]; spec: Json } & Json;
type Call = { trackingId: string; timeline: Json[] } & Json;

function spec(overrides: Json = {}): Json {
  return {
    name: 'Ava',
    instructions: 'You book appointments for {{company}}.',
    inbound: { firstAction: 'speak', greeting: 'Thanks for calling {{company}}!' },
    outbound: {
      firstAction: 'speak',
      opener: 'Hi {{first_name}}, this is Ava from {{company}}.',
      voicemailAction: 'message',
      voicemailMessage: 'Please call {{company}} back.',
    },
    model: { mode: 'realtime', model: 'openai:gpt-realtime', voiceId: 'marin' },
    tools: [
      { type: 'end_call', name: 'hang_up', description: 'End the call politely' },
      {
        type: 'transfer_call',
        name: 'to_human',
        description: 'When the caller asks for a person',
        phoneNumber: '+14155550100',
      },
    ],
    variables: [
      { name: 'company', defaultValue: 'Acme' },
      { name: 'first_name', description: 'Who we call' },
    ],
    conversation: {
      turnDetection: 'semantic',
      minEndOfTurnSilenceMs: 500,
      allowInterruptions: true,
      minInterruptionDurationMs: 300,
      silenceTimeoutSeconds: 20,
      maxCallLengthSeconds: 600,
    },
    compliance: { recordingEnabled: true },
    ...overrides,
  };
}

/**
 * Voice agents, number bindings and calls through the public API, with the sandbox numbers
 * inventory and the sandbox voice provider (no Twilio configured, as `npm start` runs it).
 */
describe('voice, end to end', () => {
  const suite = runSystemForSuite({ VOICE_PURGE_EVERY_MS: '1000' });
  let account: AccountResponseDto;
  let api: ApiClient;
  let other: ApiClient;

  beforeAll(() => {
    account = suite.system.createAccount('Voice Co', 'owner@voice.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    other = ApiClient.withApiKey(
      suite.system.baseUrl,
      suite.system.createAccount('Other Voice Co', 'owner@other-voice.test').apiKey,
    );
  });

  const orderNumber = async (areaCode: string, client = api) => {
    const search = await client.call<{ numbers: Json[] }>(
      'GET',
      `/numbers/available?countryCode=US&areaCode=${areaCode}&features=voice&limit=1`,
    );
    const phoneNumber = search.body.numbers[0]!['phoneNumber'] as string;
    expect((await client.call('POST', '/numbers/order', { phoneNumber })).status).toBe(200);
    return phoneNumber;
  };
  const createAgent = async (body: Json = { spec: spec() }) => {
    const created = await api.call<{ agent: Agent }>('POST', '/voice/agents', body);
    expect(created.status).toBe(200);
    return created.body.agent;
  };
  const inbound = (to: string, from = '+14155550123', callSid = `CA${Date.now()}`) =>
    fetch(`${suite.system.baseUrl}/webhooks/twilio/voice-inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: to, From: from, CallSid: callSid }).toString(),
    });

  it.each([
    [{}, 'spec must be an object'],
    [{ spec: spec({ name: '' }) }, 'spec.name must be longer than or equal to 1 characters'],
    [
      { spec: spec({ inbound: { firstAction: 'sing', greeting: 'Hi' } }) },
      'spec.inbound.firstAction must be one of speak, wait',
    ],
    [
      {
        spec: spec({
          model: {
            mode: 'chained',
            llm: 'gpt-4o',
            stt: 'deepgram:nova-3',
            tts: 'cartesia:sonic-2',
            voiceId: 'v',
            language: 'en',
            speechSpeed: 1,
            temperature: 0.5,
            maxTokens: 100,
          },
        }),
      },
      'spec.model.llm must be in the form provider:model',
    ],
    [
      { spec: spec({ tools: [{ type: 'fax', name: 'x', description: 'y' }] }) },
      'spec.tools.0.type must be one of end_call, transfer_call, http_request, send_sms, collect_input',
    ],
    [{ spec: spec(), extra: true }, 'property extra should not exist'],
  ])('answers 400 naming the field for the agent %#', async (body, message) => {
    const answer = await api.call<ErrorBody>('POST', '/voice/agents', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.message).toContain(message);
  });

  it('deploys, reads, lists, replaces and deletes an agent', async () => {
    const agent = await createAgent();
    expect(agent).toEqual({
      agentId: expect.any(String),
      deployment: 'hosted',
      spec: spec(),
      phoneNumbers: [],
      workerPresence: 'online',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const path = `/voice/agents/${agent.agentId}`;
    expect((await api.call('GET', path)).body).toEqual({ agent });
    const listed = await api.call<{ agents: Agent[] }>('GET', '/voice/agents');
    expect(listed.body.agents.map((listedAgent) => listedAgent.agentId)).toContain(agent.agentId);
    const replaced = await api.call<{ agent: Agent }>('PUT', path, {
      spec: spec({ name: 'Bea', tools: [] }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.agent.spec).toEqual(spec({ name: 'Bea', tools: [] }));
    const invalid = await api.call<ErrorBody>('PUT', path, { spec: { name: 'Bea' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toContain('spec.instructions must be a string');
    expect((await api.call('DELETE', path)).body).toEqual({ deleted: true });
    expect((await api.call('GET', path)).status).toBe(404);
    expect((await api.call('DELETE', path)).status).toBe(404);
    expect((await api.call('GET', '/voice/agents/not-an-agent')).status).toBe(404);
  });

  it('binds numbers by the rules, routes inbound calls to the agent, and unbinds on delete', async () => {
    const agent = await createAgent();
    const rival = await createAgent();
    const phoneNumber = await orderNumber('305');
    const bindPath = `/voice/agents/${agent.agentId}/numbers`;
    const bound = await api.call<{ agent: Agent }>('POST', bindPath, { phoneNumber });
    expect(bound.status).toBe(200);
    expect(bound.body.agent.phoneNumbers).toEqual([phoneNumber]);
    const taken = await api.call<ErrorBody>('POST', `/voice/agents/${rival.agentId}/numbers`, {
      phoneNumber,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('PHONE_NUMBER_BOUND');
    const foreign = await orderNumber('206', other);
    expect((await api.call('POST', bindPath, { phoneNumber: foreign })).status).toBe(404);
    const notE164 = await api.call<ErrorBody>('POST', bindPath, { phoneNumber: '555' });
    expect(notE164.body.error.message).toContain('phoneNumber must be an E.164 number');
    const numbers = await api.call<{ numbers: Json[] }>('GET', '/numbers/list');
    expect(numbers.body.numbers).toContainEqual(
      expect.objectContaining({ phoneNumber, boundAgentId: agent.agentId }),
    );

    const answered = await inbound(phoneNumber);
    expect(answered.status).toBe(200);
    const twiml = await answered.text();
    const trackingId = answered.headers.get('x-clarion-tracking-id')!;
    expect(twiml).toContain(`<Connect><Stream url="ws://localhost:`);
    expect(twiml).toMatch(
      new RegExp(`/voice/media/${trackingId}"><Parameter name="token" value="[\\w-]{43}"/>`),
    );
    const call = await api.call<{ call: Call }>('GET', `/voice/calls/${trackingId}`);
    expect(call.body.call).toMatchObject({
      status: 'ended',
      agentId: agent.agentId,
      direction: 'inbound',
      source: 'pstn',
      from: '+14155550123',
      to: phoneNumber,
      outcome: 'completed',
    });
    expect(call.body.call.timeline).toContainEqual(
      expect.objectContaining({ type: 'agent', text: 'Thanks for calling Acme!' }),
    );
    expect((await other.call('GET', `/voice/calls/${trackingId}`)).status).toBe(404);

    const unbound = await api.call<{ agent: Agent }>('DELETE', `${bindPath}/${phoneNumber}`);
    expect(unbound.body.agent.phoneNumbers).toEqual([]);
    expect((await api.call('DELETE', `${bindPath}/${phoneNumber}`)).status).toBe(404);
    expect(await (await inbound(phoneNumber)).text()).toContain('<Hangup/>');

    await api.call('POST', bindPath, { phoneNumber });
    expect((await api.call('DELETE', `/voice/agents/${agent.agentId}`)).status).toBe(200);
    const after = await api.call<{ numbers: Json[] }>('GET', '/numbers/list');
    expect(after.body.numbers.find((n) => n['phoneNumber'] === phoneNumber)).not.toHaveProperty(
      'boundAgentId',
    );
    // A released number leaves its agent.
    await api.call('POST', `/voice/agents/${rival.agentId}/numbers`, { phoneNumber });
    expect((await api.call('DELETE', `/numbers/${phoneNumber}`)).status).toBe(200);
    const rivalAfter = await api.call<{ agent: Agent }>('GET', `/voice/agents/${rival.agentId}`);
    expect(rivalAfter.body.agent.phoneNumbers).toEqual([]);
  });

  it('places a call with per-call variables and records its lifecycle and transcript', async () => {
    const placed = await api.call<Json & { trackingId: string }>('POST', '/voice/call', {
      phoneNumber: '+14155550199',
      spec: spec(),
      variables: { first_name: 'Ada' },
    });
    expect(placed.status).toBe(200);
    expect(placed.body).toEqual({
      trackingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      callControlId: `sandbox-${placed.body.trackingId}`,
      websocket: expect.stringMatching(
        new RegExp(`^ws://.+/voice/media/${placed.body.trackingId}\\?token=[\\w-]{43}$`),
      ),
    });
    // The call's minutes are charged by the next charges round (every 5 s) and shown on it.
    const body = await eventually(async () => {
      const read = await api.call<{ call: Call }>('GET', `/voice/calls/${placed.body.trackingId}`);
      return read.body.call['cost'] ? read.body : undefined;
    });
    expect(body.call).toEqual({
      trackingId: placed.body.trackingId,
      status: 'ended',
      agentName: 'Ava',
      direction: 'outbound',
      source: 'pstn',
      from: '+15005550006',
      to: '+14155550199',
      startedAt: expect.any(String),
      durationSeconds: expect.any(Number),
      outcome: 'completed',
      endReason: 'user_hangup',
      endDetail: expect.stringContaining('sandbox'),
      timeline: expect.any(Array),
      recordingUrl: expect.stringContaining(placed.body.trackingId),
      variables: { company: 'Acme', first_name: 'Ada' },
      cost: { amount: expect.any(Number), currency: 'USD', billableMinutes: expect.any(Number) },
    });
    const cost = body.call['cost'] as { amount: number; billableMinutes: number };
    expect(cost.billableMinutes).toBeGreaterThan(0);
    expect(cost.amount).toBeCloseTo(cost.billableMinutes * 0.015, 6);
    expect(body.call.timeline.map((entry) => entry['type'])).toEqual([
      'sandbox',
      'call.ringing',
      'call.answered',
      'recording.started',
      'agent',
      'user',
      'call.ended',
    ]);
    expect(body.call.timeline[4]).toMatchObject({ text: 'Hi Ada, this is Ava from Acme.' });

    const voicemail = await api.call<{ trackingId: string }>('POST', '/voice/call', {
      phoneNumber: '+14155550003',
      spec: spec(),
      variables: { first_name: 'Ada' },
    });
    const left = await api.call<{ call: Call }>('GET', `/voice/calls/${voicemail.body.trackingId}`);
    expect(left.body.call).toMatchObject({ outcome: 'voicemail', endReason: 'voicemail' });
    expect(left.body.call.timeline).toContainEqual(
      expect.objectContaining({ type: 'agent', text: 'Please call Acme back.' }),
    );

    const missing = await api.call<ErrorBody>('POST', '/voice/call', {
      phoneNumber: '+14155550199',
      spec: spec(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('variables.first_name is required');
    const undeclared = await api.call<ErrorBody>('POST', '/voice/call', {
      phoneNumber: '+14155550199',
      spec: spec(),
      variables: { first_name: 'Ada', plan: 'gold' },
    });
    expect(undeclared.body.error.message).toContain('variables.plan is not declared');
    const noNumber = await api.call<ErrorBody>('POST', '/voice/call', { spec: spec() });
    expect(noNumber.body.error.message).toContain('phoneNumber must be an E.164 number');
  });

  it('opens browser calls and lists calls newest first, by agent, in pages', async () => {
    const agent = await createAgent();
    const placed: string[] = [];
    for (let n = 0; n < 4; n++) {
      const answer = await api.call<{ trackingId: string }>('POST', '/voice/browser-call', {
        spec: spec(),
        variables: { first_name: 'Ada' },
        agentId: agent.agentId,
      });
      expect(answer.status).toBe(200);
      placed.push(answer.body.trackingId);
    }
    const newestFirst = placed.reverse();
    const page = await api.call<{ calls: Json[]; cursor?: string }>(
      'GET',
      `/voice/calls?agentId=${agent.agentId}&limit=3`,
    );
    expect(page.body.calls.map((call) => call['trackingId'])).toEqual(newestFirst.slice(0, 3));
    expect(page.body.calls[0]).toMatchObject({
      source: 'web',
      from: 'browser',
      agentId: agent.agentId,
    });
    expect(page.body.calls[0]).not.toHaveProperty('timeline');
    const rest = await api.call<{ calls: Json[]; cursor?: string }>(
      'GET',
      `/voice/calls?agentId=${agent.agentId}&limit=3&cursor=${page.body.cursor}`,
    );
    expect(rest.body).toEqual({ calls: [expect.objectContaining({ trackingId: newestFirst[3] })] });
    const all = await api.call<{ calls: Json[] }>('GET', '/voice/calls');
    expect(all.body.calls.length).toBeLessThanOrEqual(25);
    for (const [query, message] of [
      ['limit=101', 'limit must not be greater than 100'],
      ['limit=0', 'limit must not be less than 1'],
      ['cursor=nope', 'cursor is not a cursor of this list'],
    ]) {
      const answer = await api.call<ErrorBody>('GET', `/voice/calls?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain(message);
    }
    expect((await other.call<{ calls: Json[] }>('GET', '/voice/calls')).body.calls).toEqual([]);
  });

  it('purges call records 30 days old, in the background', async () => {
    const placed = await api.call<{ trackingId: string }>('POST', '/voice/browser-call', {
      spec: spec(),
      variables: { first_name: 'Ada' },
    });
    const { trackingId } = placed.body;
    await suite.database.query(
      `UPDATE voice.calls SET started_at = now() - interval '31 days',
         ended_at = now() - interval '31 days' WHERE tracking_id = $1`,
      [trackingId],
    );
    expect((await api.call('GET', `/voice/calls/${trackingId}`)).status).toBe(404);
    await eventually(
      async () => {
        const rows = await suite.database.query(
          'SELECT 1 FROM voice.calls WHERE tracking_id = $1',
          [trackingId],
        );
        return rows.length === 0 ? true : undefined;
      },
      { timeoutMs: 90_000 },
    );
  });

  it('documents the operations under their operation ids', async () => {
    const openapi = await new ApiClient(suite.system.baseUrl).call<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>('GET', '/openapi.json');
    const { paths } = openapi.body;
    expect(paths['/voice/agents']?.['post']?.operationId).toBe('VoiceCreateAgent');
    expect(paths['/voice/agents']?.['get']?.operationId).toBe('VoiceListAgents');
    expect(paths['/voice/agents/{agentId}']?.['get']?.operationId).toBe('VoiceGetAgent');
    expect(paths['/voice/agents/{agentId}']?.['put']?.operationId).toBe('VoiceUpdateAgent');
    expect(paths['/voice/agents/{agentId}']?.['delete']?.operationId).toBe('VoiceDeleteAgent');
    expect(paths['/voice/agents/{agentId}/numbers']?.['post']?.operationId).toBe('VoiceBindNumber');
    expect(paths['/voice/agents/{agentId}/numbers/{phoneNumber}']?.['delete']?.operationId).toBe(
      'VoiceUnbindNumber',
    );
    expect(paths['/voice/call']?.['post']?.operationId).toBe('VoiceCall');
    expect(paths['/voice/browser-call']?.['post']?.operationId).toBe('VoiceCreateBrowserCall');
    expect(paths['/voice/calls']?.['get']?.operationId).toBe('VoiceListCalls');
    expect(paths['/voice/calls/{trackingId}']?.['get']?.operationId).toBe('VoiceGetCall');
  });
});
