import { VoiceAgentSpecDto } from '@clarion/contracts';

/**
 * A valid voice agent spec (2.10) for tests: a realtime OpenAI agent that greets, speaks first on
 * outbound calls, hangs up on voicemail and does not record. `overrides` replace whole fields;
 * `conversation` is merged, so a test names only the limit it cares about.
 */
export function voiceAgentSpec(
  overrides: Partial<Omit<VoiceAgentSpecDto, 'conversation'>> & {
    conversation?: Partial<VoiceAgentSpecDto['conversation']>;
  } = {},
): VoiceAgentSpecDto {
  const { conversation, ...fields } = overrides;
  return {
    name: 'Ava',
    instructions: 'You book appointments.',
    inbound: { firstAction: 'speak', greeting: 'Thanks for calling.' },
    outbound: { firstAction: 'speak', opener: 'Hi, Ava here.', voicemailAction: 'hangup' },
    model: { mode: 'realtime', model: 'openai:gpt-realtime', voiceId: 'marin' },
    tools: [],
    variables: [],
    compliance: { recordingEnabled: false },
    ...fields,
    conversation: {
      turnDetection: 'vad',
      minEndOfTurnSilenceMs: 400,
      allowInterruptions: true,
      minInterruptionDurationMs: 200,
      silenceTimeoutSeconds: 30,
      maxCallLengthSeconds: 300,
      ...conversation,
    },
  };
}
