import { VoiceModelDto } from '@clarion/contracts';
import { VoiceEnv } from '../../voice.env';
import { ChainedConversationModel } from './chained/chained.model';
import { DeepgramSpeechToText } from './chained/deepgram-stt';
import { DeepgramTextToSpeech } from './chained/deepgram-tts';
import { ElevenLabsTextToSpeech } from './chained/elevenlabs-tts';
import { OpenAiChatModel } from './chained/openai-chat';
import { TextToSpeech } from './chained/speech-parts';
import {
  ConversationModel,
  ConversationSetup,
  SpeechProviderAccount,
  SpeechProviderConfig,
} from './conversation-model';
import { OpenAiRealtimeModel } from './openai-realtime.model';

type Provider = keyof SpeechProviderConfig;

/** The providers each part of a spec's model may name, and the key each needs. */
const SUPPORTED: Record<'realtime' | 'stt' | 'llm' | 'tts', Provider[]> = {
  realtime: ['openai'],
  stt: ['deepgram'],
  llm: ['openai'],
  tts: ['deepgram', 'elevenlabs'],
};
const KEY_OF: Record<Provider, string> = {
  openai: 'OPENAI_API_KEY',
  deepgram: 'DEEPGRAM_API_KEY',
  elevenlabs: 'ELEVENLABS_API_KEY',
};

/** Why a spec's model cannot run here: the field and what is missing. */
export interface SpeechUnavailable {
  field: string;
  reason: string;
}

/** Builds the conversation model a call's spec names, from the providers this deployment has keys for. */
export class SpeechModels {
  constructor(private readonly config: SpeechProviderConfig) {}

  static of(env: VoiceEnv): SpeechModels {
    const provider = (apiKey: string | undefined, baseUrl: string) =>
      apiKey ? { apiKey, baseUrl: baseUrl.replace(/\/+$/, '') } : undefined;
    return new SpeechModels({
      openai: provider(env.OPENAI_API_KEY, env.OPENAI_BASE_URL),
      deepgram: provider(env.DEEPGRAM_API_KEY, env.DEEPGRAM_BASE_URL),
      elevenlabs: provider(env.ELEVENLABS_API_KEY, env.ELEVENLABS_BASE_URL),
    });
  }

  /** Undefined when every provider the model names is supported and has its key. */
  unavailability(model: VoiceModelDto): SpeechUnavailable | undefined {
    const parts =
      model.mode === 'realtime'
        ? [{ part: 'realtime' as const, field: 'model', value: model.model }]
        : (['stt', 'llm', 'tts'] as const).map((part) => ({
            part,
            field: part,
            value: model[part],
          }));
    for (const { part, field, value } of parts) {
      const provider = providerOf(value);
      if (!SUPPORTED[part].includes(provider as Provider)) {
        return {
          field: `spec.model.${field}`,
          reason: `provider ${provider} is not supported here (supported: ${SUPPORTED[part].join(', ')})`,
        };
      }
      if (!this.config[provider as Provider]) {
        return {
          field: `spec.model.${field}`,
          reason: `this deployment has no ${KEY_OF[provider as Provider]} for ${provider}`,
        };
      }
    }
    return undefined;
  }

  /** The model for one call; throws when `unavailability` would say why. */
  create(model: VoiceModelDto, setup: ConversationSetup): ConversationModel {
    const unavailable = this.unavailability(model);
    if (unavailable) throw new Error(`${unavailable.field}: ${unavailable.reason}`);
    if (model.mode === 'realtime') {
      return new OpenAiRealtimeModel(this.keyed('openai'), modelNameOf(model.model), setup);
    }
    const stt = new DeepgramSpeechToText(this.keyed('deepgram'), {
      model: modelNameOf(model.stt),
      language: model.language,
      endOfTurnSilenceMs: setup.minEndOfTurnSilenceMs,
    });
    const llm = new OpenAiChatModel(this.keyed('openai'), {
      model: modelNameOf(model.llm),
      temperature: model.temperature,
      maxTokens: model.maxTokens,
    });
    return new ChainedConversationModel({ stt, llm, tts: this.textToSpeech(model) }, setup);
  }

  private textToSpeech(model: Extract<VoiceModelDto, { mode: 'chained' }>): TextToSpeech {
    const options = { model: modelNameOf(model.tts), voiceId: model.voiceId };
    return providerOf(model.tts) === 'elevenlabs'
      ? new ElevenLabsTextToSpeech(this.keyed('elevenlabs'), {
          ...options,
          language: model.language,
          speechSpeed: model.speechSpeed,
        })
      : new DeepgramTextToSpeech(this.keyed('deepgram'), options);
  }

  private keyed(provider: Provider): SpeechProviderAccount {
    const config = this.config[provider];
    if (!config) throw new Error(`No ${KEY_OF[provider]} for ${provider}`);
    return config;
  }
}

function providerOf(providerModel: string): string {
  return providerModel.slice(0, providerModel.indexOf(':'));
}

function modelNameOf(providerModel: string): string {
  return providerModel.slice(providerModel.indexOf(':') + 1);
}
