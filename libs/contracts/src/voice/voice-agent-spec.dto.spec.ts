import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { describeValidationErrors } from '../validation/describe-validation-errors';
import { VoiceAgentBodyDto } from './voice-agent.dto';
import { ListVoiceCallsQueryDto, VoiceCallDto } from './voice-call.dto';

type Json = Record<string, unknown>;

function validSpec(): Json {
  return {
    name: 'Ava',
    instructions: 'You book appointments for {{company}}.',
    inbound: { firstAction: 'speak', greeting: 'Thanks for calling {{company}}.' },
    outbound: {
      firstAction: 'speak',
      opener: 'Hi {{first_name}}, this is Ava.',
      voicemailAction: 'message',
      voicemailMessage: 'Please call us back.',
    },
    model: {
      mode: 'chained',
      llm: 'openai:gpt-4o-mini',
      stt: 'deepgram:nova-3',
      tts: 'elevenlabs:eleven_flash_v2_5',
      voiceId: '21m00Tcm4TlvDq8ikWAM',
      language: 'en-US',
      speechSpeed: 1,
      temperature: 0.7,
      maxTokens: 300,
    },
    tools: [
      { type: 'end_call', name: 'hang_up', description: 'End the call' },
      {
        type: 'transfer_call',
        name: 'to_human',
        description: 'A person',
        phoneNumber: '+14155550100',
      },
      {
        type: 'http_request',
        name: 'lookup',
        description: 'Find the order',
        url: 'https://api.example.com/orders',
        method: 'GET',
        headers: { 'X-Api-Key': 'k' },
        timeoutMs: 5000,
      },
      {
        type: 'send_sms',
        name: 'text_link',
        description: 'Text a link',
        message: 'Here: {{link}}',
      },
      {
        type: 'collect_input',
        name: 'account_number',
        description: 'Ask for it',
        inputType: 'digits',
        prompt: 'Enter your account number',
        maxDigits: 8,
      },
    ],
    variables: [
      { name: 'company', description: 'Who we are', defaultValue: 'Acme' },
      { name: 'first_name' },
    ],
    conversation: {
      turnDetection: 'semantic',
      minEndOfTurnSilenceMs: 500,
      allowInterruptions: true,
      minInterruptionDurationMs: 300,
      silenceTimeoutSeconds: 20,
      maxCallLengthSeconds: 600,
      agentCanEndCall: true,
    },
    compliance: { recordingEnabled: true },
  };
}

/** The spec with `path` (dot separated) set to `value`, or removed when `value` is undefined. */
function withField(path: string, value: unknown): Json {
  const spec = validSpec();
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Json>((node, key) => node[key] as Json, spec);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return spec;
}

function messageOf<T extends object>(dto: new () => T, body: Json): string {
  const sut = plainToInstance(dto, body);
  const errors = validateSync(sut, { whitelist: true, forbidNonWhitelisted: true });
  return describeValidationErrors(errors);
}

const specMessage = (spec: unknown) => messageOf(VoiceAgentBodyDto, { spec });

describe(VoiceAgentBodyDto.name, () => {
  it('accepts a full chained spec with all five kinds of tools', () => {
    expect(specMessage(validSpec())).toBe('');
  });

  it('accepts a speech-to-speech model and empty tools and variables', () => {
    const spec = {
      ...validSpec(),
      model: { mode: 'realtime', model: 'openai:gpt-realtime', voiceId: 'marin', temperature: 0.8 },
      tools: [],
      variables: [],
    };
    expect(specMessage(spec)).toBe('');
  });

  it('accepts waiting first with an empty greeting or opener', () => {
    const spec = validSpec();
    spec['inbound'] = { firstAction: 'wait', greeting: '' };
    spec['outbound'] = { firstAction: 'wait', opener: '', voicemailAction: 'hangup' };
    expect(specMessage(spec)).toBe('');
  });

  it('requires the spec itself', () => {
    expect(messageOf(VoiceAgentBodyDto, {})).toContain('spec must be an object');
  });

  it.each([
    ['name', undefined, 'spec.name must be a string'],
    ['name', '', 'spec.name must be longer than or equal to 1 characters'],
    ['instructions', undefined, 'spec.instructions must be a string'],
    ['inbound', undefined, 'spec.inbound must be an object'],
    ['inbound.firstAction', 'shout', 'spec.inbound.firstAction must be one of speak, wait'],
    ['inbound.greeting', undefined, 'spec.inbound.greeting must be a string'],
    ['inbound.greeting', ' ', 'spec.inbound.greeting must not be empty when firstAction is speak'],
    ['outbound', 'x', 'spec.outbound must be an object'],
    ['outbound.firstAction', undefined, 'spec.outbound.firstAction must be one of speak, wait'],
    ['outbound.opener', undefined, 'spec.outbound.opener must be a string'],
    [
      'outbound.voicemailAction',
      'beep',
      'spec.outbound.voicemailAction must be one of hangup, message, continue',
    ],
    ['outbound.voicemailMessage', undefined, 'spec.outbound.voicemailMessage must be a string'],
    [
      'outbound.voicemailMessage',
      '',
      'spec.outbound.voicemailMessage must not be empty when voicemailAction is message',
    ],
    ['model', undefined, 'spec.model must be an object'],
    ['model.mode', 'pipeline', 'spec.model.mode must be one of chained, realtime'],
    ['model.llm', 'gpt-4o', 'spec.model.llm must be in the form provider:model'],
    ['model.stt', undefined, 'spec.model.stt must be in the form provider:model'],
    ['model.tts', 'elevenlabs:', 'spec.model.tts must be in the form provider:model'],
    ['model.voiceId', undefined, 'spec.model.voiceId must be a string'],
    ['model.language', 'English', 'spec.model.language must be a BCP 47 language tag'],
    ['model.speechSpeed', 3, 'spec.model.speechSpeed must not be greater than 2'],
    ['model.speechSpeed', 0.1, 'spec.model.speechSpeed must not be less than 0.5'],
    ['model.temperature', -1, 'spec.model.temperature must not be less than 0'],
    ['model.temperature', '0.5', 'spec.model.temperature must be a number'],
    ['model.maxTokens', 1.5, 'spec.model.maxTokens must be an integer number'],
    ['model.maxTokens', 9000, 'spec.model.maxTokens must not be greater than 8192'],
    ['model.topP', 1, 'spec.model.topP: property topP should not exist'],
    ['tools', undefined, 'spec.tools must be an array'],
    ['tools', [null], 'spec.tools: each value in tools must be an object'],
    [
      'tools',
      [{ type: 'fax', name: 'x', description: 'y' }],
      'spec.tools.0.type must be one of end_call, transfer_call, http_request, send_sms, collect_input',
    ],
    [
      'tools',
      [{ type: 'end_call', name: '1st', description: 'y' }],
      'spec.tools.0.name must be a letter or _',
    ],
    ['tools', [{ type: 'end_call', name: 'a' }], 'spec.tools.0.description must be a string'],
    [
      'tools',
      [{ type: 'end_call', name: 'a', description: 'y', url: 'x' }],
      'spec.tools.0.url: property url should not exist',
    ],
    [
      'tools',
      [{ type: 'transfer_call', name: 'a', description: 'y', phoneNumber: '555' }],
      'spec.tools.0.phoneNumber must be an E.164 number',
    ],
    [
      'tools',
      [
        {
          type: 'http_request',
          name: 'a',
          description: 'y',
          url: 'http://x.example.com',
          method: 'GET',
        },
      ],
      'spec.tools.0.url must be an https URL',
    ],
    [
      'tools',
      [
        {
          type: 'http_request',
          name: 'a',
          description: 'y',
          url: 'https://x.example.com',
          method: 'HEAD',
        },
      ],
      'spec.tools.0.method must be one of the following values',
    ],
    [
      'tools',
      [
        {
          type: 'http_request',
          name: 'a',
          description: 'y',
          url: 'https://x.example.com',
          method: 'GET',
          timeoutMs: 60000,
        },
      ],
      'spec.tools.0.timeoutMs must not be greater than 30000',
    ],
    [
      'tools',
      [{ type: 'send_sms', name: 'a', description: 'y' }],
      'spec.tools.0.message must be a string',
    ],
    [
      'tools',
      [{ type: 'collect_input', name: 'a', description: 'y', inputType: 'dtmf', prompt: 'p' }],
      'spec.tools.0.inputType must be one of the following values',
    ],
    [
      'tools',
      [
        { type: 'end_call', name: 'a', description: 'y' },
        { type: 'send_sms', name: 'a', description: 'y', message: 'm' },
      ],
      'spec.tools must not name two entries alike',
    ],
    ['variables', undefined, 'spec.variables must be an array'],
    ['variables', [{ name: 'first name' }], 'spec.variables.0.name must be a letter or _'],
    [
      'variables',
      [{ name: 'a', defaultValue: 3 }],
      'spec.variables.0.defaultValue must be a string',
    ],
    ['variables', [{ name: 'a' }, { name: 'a' }], 'spec.variables must not name two entries alike'],
    [
      'variables',
      [{ name: 'a', value: 'x' }],
      'spec.variables.0.value: property value should not exist',
    ],
    ['conversation', undefined, 'spec.conversation must be an object'],
    [
      'conversation.turnDetection',
      'push_to_talk',
      'spec.conversation.turnDetection must be one of semantic, vad',
    ],
    [
      'conversation.minEndOfTurnSilenceMs',
      -1,
      'spec.conversation.minEndOfTurnSilenceMs must not be less than 0',
    ],
    [
      'conversation.allowInterruptions',
      'yes',
      'spec.conversation.allowInterruptions must be a boolean value',
    ],
    [
      'conversation.minInterruptionDurationMs',
      6000,
      'spec.conversation.minInterruptionDurationMs must not be greater than 5000',
    ],
    [
      'conversation.silenceTimeoutSeconds',
      0,
      'spec.conversation.silenceTimeoutSeconds must not be less than 1',
    ],
    [
      'conversation.maxCallLengthSeconds',
      20000,
      'spec.conversation.maxCallLengthSeconds must not be greater than 14400',
    ],
    [
      'conversation.agentCanEndCall',
      'no',
      'spec.conversation.agentCanEndCall must be a boolean value',
    ],
    ['compliance', undefined, 'spec.compliance must be an object'],
    [
      'compliance.recordingEnabled',
      undefined,
      'spec.compliance.recordingEnabled must be a boolean value',
    ],
    ['voice', 'x', 'spec.voice: property voice should not exist'],
  ])('rejects spec.%s = %j naming the field', (path, value, expected) => {
    expect(specMessage(withField(path, value))).toContain(expected);
  });

  it('rejects a realtime model with chained fields, and one without its model', () => {
    const spec = { ...validSpec(), model: { mode: 'realtime', voiceId: 'marin', llm: 'a:b' } };
    const message = specMessage(spec);
    expect(message).toContain('spec.model.model must be in the form provider:model');
    expect(message).toContain('spec.model.llm: property llm should not exist');
  });
});

describe(VoiceCallDto.name, () => {
  it('accepts a call with per-call variables', () => {
    const body = {
      phoneNumber: '+14155550100',
      spec: validSpec(),
      variables: { first_name: 'Ada' },
    };
    expect(messageOf(VoiceCallDto, body)).toBe('');
  });

  it.each([
    [{ spec: validSpec() }, 'phoneNumber must be an E.164 number'],
    [
      { phoneNumber: '+14155550100', spec: validSpec(), variables: { name: 3 } },
      'variables must be an object of at most 50 string values',
    ],
    [
      { phoneNumber: '+14155550100', spec: validSpec(), variables: ['a'] },
      'variables must be an object',
    ],
    [{ phoneNumber: '+14155550100' }, 'spec must be an object'],
  ])('rejects %j naming the field', (body, expected) => {
    expect(messageOf(VoiceCallDto, body)).toContain(expected);
  });
});

describe(ListVoiceCallsQueryDto.name, () => {
  it.each([
    [{ limit: '0' }, 'limit must not be less than 1'],
    [{ limit: '101' }, 'limit must not be greater than 100'],
    [{ limit: 'x' }, 'limit must be an integer number'],
  ])('rejects %j', (query, expected) => {
    expect(messageOf(ListVoiceCallsQueryDto, query)).toContain(expected);
  });

  it('accepts 100', () => {
    expect(messageOf(ListVoiceCallsQueryDto, { limit: '100' })).toBe('');
  });
});
