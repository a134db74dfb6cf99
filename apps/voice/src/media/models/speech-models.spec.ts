import { ChainedVoiceModelDto } from '@clarion/contracts';
import { ConversationSetup } from './conversation-model';
import { SpeechModels } from './speech-models';

const chained: ChainedVoiceModelDto = {
  mode: 'chained',
  stt: 'deepgram:nova-3',
  llm: 'openai:gpt-4o-mini',
  tts: 'elevenlabs:eleven_flash_v2_5',
  voiceId: 'v',
  language: 'en-US',
  speechSpeed: 1,
  temperature: 0.5,
  maxTokens: 100,
};
const key = { apiKey: 'k', baseUrl: 'https://example.test' };
const setup: ConversationSetup = {
  instructions: 'Help.',
  tools: [],
  voiceId: 'x',
  turnDetection: 'vad',
  minEndOfTurnSilenceMs: 400,
  allowInterruptions: true,
};

describe(SpeechModels.name, () => {
  it('runs a model whose every provider is supported and keyed', () => {
    const sut = new SpeechModels({ openai: key, deepgram: key, elevenlabs: key });
    expect(sut.unavailability(chained)).toBeUndefined();
    expect(
      sut.unavailability({ mode: 'realtime', model: 'openai:gpt-realtime', voiceId: 'marin' }),
    ).toBeUndefined();
  });

  it('names the field and the missing key or unsupported provider', () => {
    const sut = new SpeechModels({ openai: key, deepgram: key });
    expect(sut.unavailability(chained)).toEqual({
      field: 'spec.model.tts',
      reason: 'this deployment has no ELEVENLABS_API_KEY for elevenlabs',
    });
    expect(sut.unavailability({ ...chained, llm: 'anthropic:claude-haiku' })).toEqual({
      field: 'spec.model.llm',
      reason: 'provider anthropic is not supported here (supported: openai)',
    });
    expect(() =>
      sut.create({ mode: 'realtime', model: 'google:gemini-live', voiceId: 'x' }, setup),
    ).toThrow('spec.model.model: provider google is not supported here (supported: openai)');
  });
});
