import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  LANGUAGE_PATTERN,
  MODEL_MODES,
  ModelMode,
  PROVIDER_MODEL_PATTERN,
  VOICE_RANGES,
} from './voice-rules';

const PROVIDER_MODEL = {
  message: '$property must be in the form provider:model, e.g. openai:gpt-4o-mini',
};
const LANGUAGE = { message: '$property must be a BCP 47 language tag such as en-US' };
const { speechSpeed, temperature, maxTokens } = VOICE_RANGES;

/** A model whose `mode` is missing or unknown: only `mode` is checked (and named). */
export class UnknownVoiceModelDto {
  @IsIn(MODEL_MODES, { message: `$property must be one of ${MODEL_MODES.join(', ')}` })
  mode!: ModelMode;
}

/** Speech-to-text, a language model and text-to-speech, each `provider:model` (spec 2.10). */
export class ChainedVoiceModelDto {
  @ApiProperty({ enum: ['chained'] })
  @IsIn(['chained'])
  mode!: 'chained';

  @ApiProperty({ example: 'openai:gpt-4o-mini', description: 'Language model, provider:model' })
  @Matches(PROVIDER_MODEL_PATTERN, PROVIDER_MODEL)
  llm!: string;

  @ApiProperty({ example: 'deepgram:nova-3', description: 'Speech-to-text, provider:model' })
  @Matches(PROVIDER_MODEL_PATTERN, PROVIDER_MODEL)
  stt!: string;

  @ApiProperty({ example: 'elevenlabs:eleven_flash_v2_5', description: 'Text-to-speech' })
  @Matches(PROVIDER_MODEL_PATTERN, PROVIDER_MODEL)
  tts!: string;

  @ApiProperty({ example: '21m00Tcm4TlvDq8ikWAM', description: 'Voice id of the TTS provider' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  voiceId!: string;

  @ApiProperty({ example: 'en-US' })
  @Matches(LANGUAGE_PATTERN, LANGUAGE)
  language!: string;

  @ApiProperty({ minimum: speechSpeed[0], maximum: speechSpeed[1], example: 1 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(speechSpeed[0])
  @Max(speechSpeed[1])
  speechSpeed!: number;

  @ApiProperty({ minimum: temperature[0], maximum: temperature[1], example: 0.7 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(temperature[0])
  @Max(temperature[1])
  temperature!: number;

  @ApiProperty({ minimum: maxTokens[0], maximum: maxTokens[1], example: 300 })
  @IsInt()
  @Min(maxTokens[0])
  @Max(maxTokens[1])
  maxTokens!: number;
}

/**
 * One speech-to-speech model (the preferred variant; spec 2.10 does not show its shape, so it
 * takes the chained variant's names): `model` is `provider:model`, `voiceId` the provider's voice.
 */
export class RealtimeVoiceModelDto {
  @ApiProperty({ enum: ['realtime'] })
  @IsIn(['realtime'])
  mode!: 'realtime';

  @ApiProperty({ example: 'openai:gpt-realtime', description: 'Speech-to-speech, provider:model' })
  @Matches(PROVIDER_MODEL_PATTERN, PROVIDER_MODEL)
  model!: string;

  @ApiProperty({ example: 'marin' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  voiceId!: string;

  @ApiPropertyOptional({ example: 'en-US' })
  @IsOptional()
  @Matches(LANGUAGE_PATTERN, LANGUAGE)
  language?: string;

  @ApiPropertyOptional({ minimum: temperature[0], maximum: temperature[1] })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(temperature[0])
  @Max(temperature[1])
  temperature?: number;

  @ApiPropertyOptional({ minimum: maxTokens[0], maximum: maxTokens[1] })
  @IsOptional()
  @IsInt()
  @Min(maxTokens[0])
  @Max(maxTokens[1])
  maxTokens?: number;
}

export type VoiceModelDto = ChainedVoiceModelDto | RealtimeVoiceModelDto;
