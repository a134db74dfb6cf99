import { VoiceAgentSpecDto } from '@clarion/contracts';
import { defaultValuesOf, resolveSpec } from './resolved-spec';

const spec = {
  name: 'Ava',
  instructions: 'You work for {{company}}.',
  inbound: { firstAction: 'speak', greeting: 'Thanks for calling {{company}}.' },
  outbound: {
    firstAction: 'speak',
    opener: 'Hi {{first_name}}!',
    voicemailAction: 'message',
    voicemailMessage: 'Call {{company}} back.',
  },
  model: { mode: 'realtime', model: 'openai:gpt-realtime', voiceId: 'marin' },
  tools: [
    { type: 'send_sms', name: 'sms', description: 'd', message: 'From {{company}}' },
    {
      type: 'http_request',
      name: 'h',
      description: 'd',
      url: 'https://x.example.com/{{first_name}}',
      method: 'GET',
    },
  ],
  variables: [{ name: 'company', defaultValue: 'Acme' }, { name: 'first_name' }],
  conversation: {
    turnDetection: 'vad',
    minEndOfTurnSilenceMs: 1,
    allowInterruptions: true,
    minInterruptionDurationMs: 1,
    silenceTimeoutSeconds: 1,
    maxCallLengthSeconds: 60,
  },
  compliance: { recordingEnabled: false },
} as VoiceAgentSpecDto;

describe(resolveSpec.name, () => {
  it("fills the call's values into every text of the spec", () => {
    const sut = resolveSpec(spec, { company: 'Globex', first_name: 'Ada' });
    expect(sut.instructions).toBe('You work for Globex.');
    expect(sut.inbound.greeting).toBe('Thanks for calling Globex.');
    expect(sut.outbound).toMatchObject({
      opener: 'Hi Ada!',
      voicemailMessage: 'Call Globex back.',
    });
    expect(sut.tools).toEqual([
      expect.objectContaining({ message: 'From Globex' }),
      expect.objectContaining({ url: 'https://x.example.com/Ada' }),
    ]);
    expect(spec.instructions).toBe('You work for {{company}}.');
  });

  it('takes the declared defaults for a call without values', () => {
    expect(defaultValuesOf(spec)).toEqual({ company: 'Acme' });
  });
});
