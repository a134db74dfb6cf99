import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  ChainedVoiceModelDto,
  RealtimeVoiceModelDto,
  UnknownVoiceModelDto,
  VoiceModelDto,
} from './voice-model.dto';
import {
  FIRST_ACTIONS,
  FirstAction,
  IDENTIFIER_PATTERN,
  TURN_DETECTIONS,
  TurnDetection,
  VOICE_LIMITS,
  VOICE_RANGES,
  VOICEMAIL_ACTIONS,
  VoicemailAction,
} from './voice-rules';
import {
  CollectInputToolDto,
  EndCallToolDto,
  HttpRequestToolDto,
  SendSmsToolDto,
  TransferCallToolDto,
  UnknownVoiceToolDto,
  VOICE_TOOL_CLASSES,
  VoiceToolDto,
} from './voice-tools.dto';
import { DiscriminatedBy, HasUniqueNames, RequiredWhen } from './voice-validators';

const oneOf = (values: readonly string[]) => ({
  message: `$property must be one of ${values.join(', ')}`,
});
const { minEndOfTurnSilenceMs, minInterruptionDurationMs } = VOICE_RANGES;
const { silenceTimeoutSeconds, maxCallLengthSeconds } = VOICE_RANGES;

/** How the agent answers a call to one of its numbers. */
export class VoiceInboundDto {
  @ApiProperty({ enum: FIRST_ACTIONS, description: 'speak: greet first; wait: let the caller' })
  @IsIn(FIRST_ACTIONS, oneOf(FIRST_ACTIONS))
  firstAction!: FirstAction;

  @ApiProperty({ example: 'Thanks for calling {{company}}, how can I help?' })
  @IsString()
  @MaxLength(VOICE_LIMITS.utterance)
  @RequiredWhen('firstAction', 'speak')
  greeting!: string;
}

/** How the agent opens a call it places, and what it does on reaching voicemail. */
export class VoiceOutboundDto {
  @ApiProperty({ enum: FIRST_ACTIONS })
  @IsIn(FIRST_ACTIONS, oneOf(FIRST_ACTIONS))
  firstAction!: FirstAction;

  @ApiProperty({ example: 'Hi {{first_name}}, this is Ava from {{company}}.' })
  @IsString()
  @MaxLength(VOICE_LIMITS.utterance)
  @RequiredWhen('firstAction', 'speak')
  opener!: string;

  @ApiProperty({ enum: VOICEMAIL_ACTIONS })
  @IsIn(VOICEMAIL_ACTIONS, oneOf(VOICEMAIL_ACTIONS))
  voicemailAction!: VoicemailAction;

  @ApiPropertyOptional({
    description: 'Left on voicemail; required when voicemailAction is message',
  })
  @ValidateIf(
    (outbound: VoiceOutboundDto) =>
      outbound.voicemailAction === 'message' || outbound.voicemailMessage !== undefined,
  )
  @IsString()
  @MaxLength(VOICE_LIMITS.utterance)
  @RequiredWhen('voicemailAction', 'message')
  voicemailMessage?: string;
}

/** A `{{name}}` placeholder of the spec's texts, with its default. */
export class VoiceVariableDto {
  @ApiProperty({ example: 'first_name' })
  @Matches(IDENTIFIER_PATTERN, {
    message: '$property must be a letter or _ followed by letters, digits or _',
  })
  name!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(VOICE_LIMITS.description)
  description?: string;

  @ApiPropertyOptional({ description: 'Used when a call gives no value of its own' })
  @IsOptional()
  @IsString()
  @MaxLength(VOICE_LIMITS.variableValue)
  defaultValue?: string;
}

export class VoiceConversationDto {
  @ApiProperty({ enum: TURN_DETECTIONS })
  @IsIn(TURN_DETECTIONS, oneOf(TURN_DETECTIONS))
  turnDetection!: TurnDetection;

  @ApiProperty({ minimum: minEndOfTurnSilenceMs[0], maximum: minEndOfTurnSilenceMs[1] })
  @IsInt()
  @Min(minEndOfTurnSilenceMs[0])
  @Max(minEndOfTurnSilenceMs[1])
  minEndOfTurnSilenceMs!: number;

  @ApiProperty()
  @IsBoolean()
  allowInterruptions!: boolean;

  @ApiProperty({ minimum: minInterruptionDurationMs[0], maximum: minInterruptionDurationMs[1] })
  @IsInt()
  @Min(minInterruptionDurationMs[0])
  @Max(minInterruptionDurationMs[1])
  minInterruptionDurationMs!: number;

  @ApiProperty({ minimum: silenceTimeoutSeconds[0], maximum: silenceTimeoutSeconds[1] })
  @IsInt()
  @Min(silenceTimeoutSeconds[0])
  @Max(silenceTimeoutSeconds[1])
  silenceTimeoutSeconds!: number;

  @ApiProperty({ minimum: maxCallLengthSeconds[0], maximum: maxCallLengthSeconds[1] })
  @IsInt()
  @Min(maxCallLengthSeconds[0])
  @Max(maxCallLengthSeconds[1])
  maxCallLengthSeconds!: number;

  @ApiPropertyOptional({ default: true, description: 'The agent may use the built-in end_call' })
  @IsOptional()
  @IsBoolean()
  agentCanEndCall?: boolean;
}

export class VoiceComplianceDto {
  @ApiProperty({ description: 'Record calls; the call record then carries a recordingUrl' })
  @IsBoolean()
  recordingEnabled!: boolean;
}

/** A voice agent spec (spec 2.10): every field required, unknown fields rejected. */
@ApiExtraModels(
  ChainedVoiceModelDto,
  RealtimeVoiceModelDto,
  EndCallToolDto,
  TransferCallToolDto,
  HttpRequestToolDto,
  SendSmsToolDto,
  CollectInputToolDto,
)
export class VoiceAgentSpecDto {
  @ApiProperty({ example: 'Ava' })
  @IsString()
  @MinLength(1)
  @MaxLength(VOICE_LIMITS.name)
  name!: string;

  @ApiProperty({
    description: 'The system prompt; may use {{variables}}',
    example: 'You book appointments for {{company}}.',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(VOICE_LIMITS.instructions)
  instructions!: string;

  @ApiProperty({ type: VoiceInboundDto })
  @IsObject()
  @ValidateNested()
  @Type(() => VoiceInboundDto)
  inbound!: VoiceInboundDto;

  @ApiProperty({ type: VoiceOutboundDto })
  @IsObject()
  @ValidateNested()
  @Type(() => VoiceOutboundDto)
  outbound!: VoiceOutboundDto;

  @ApiProperty({
    oneOf: [
      { $ref: getSchemaPath(RealtimeVoiceModelDto) },
      { $ref: getSchemaPath(ChainedVoiceModelDto) },
    ],
    description: 'mode realtime (speech-to-speech, preferred) or chained (stt, llm, tts)',
  })
  @IsObject()
  @ValidateNested()
  @DiscriminatedBy(
    'mode',
    { chained: ChainedVoiceModelDto, realtime: RealtimeVoiceModelDto },
    UnknownVoiceModelDto,
  )
  model!: VoiceModelDto;

  @ApiProperty({
    type: 'array',
    items: {
      oneOf: Object.values(VOICE_TOOL_CLASSES).map((tool) => ({ $ref: getSchemaPath(tool) })),
    },
    description: `Tools by type: ${Object.keys(VOICE_TOOL_CLASSES).join(', ')}`,
  })
  @IsArray()
  @ArrayMaxSize(VOICE_LIMITS.tools)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @HasUniqueNames()
  @DiscriminatedBy('type', VOICE_TOOL_CLASSES, UnknownVoiceToolDto)
  tools!: VoiceToolDto[];

  @ApiProperty({ type: [VoiceVariableDto] })
  @IsArray()
  @ArrayMaxSize(VOICE_LIMITS.variables)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @HasUniqueNames()
  @Type(() => VoiceVariableDto)
  variables!: VoiceVariableDto[];

  @ApiProperty({ type: VoiceConversationDto })
  @IsObject()
  @ValidateNested()
  @Type(() => VoiceConversationDto)
  conversation!: VoiceConversationDto;

  @ApiProperty({ type: VoiceComplianceDto })
  @IsObject()
  @ValidateNested()
  @Type(() => VoiceComplianceDto)
  compliance!: VoiceComplianceDto;
}
