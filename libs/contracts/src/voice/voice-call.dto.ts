import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { E164_MESSAGE, E164_PATTERN } from '../numbers/phone-number-rules';
import { IsOmittable } from '../validation/is-omittable.decorator';
import { VoiceAgentSpecDto } from './voice-agent-spec.dto';
import {
  CALL_DIRECTIONS,
  CALL_END_REASONS,
  CALL_OUTCOMES,
  CALL_SOURCES,
  CALL_STATUSES,
  CallDirection,
  CallEndReason,
  CallOutcome,
  CallSource,
  CallStatus,
  IDENTIFIER_PATTERN,
  MAX_CALL_LIST_LIMIT,
  DEFAULT_CALL_LIST_LIMIT,
  VOICE_LIMITS,
} from './voice-rules';
import { IsStringMap } from './voice-validators';

/** Body of POST /voice/browser-call (VoiceCreateBrowserCall). */
export class VoiceBrowserCallDto {
  @ApiProperty({ type: VoiceAgentSpecDto, description: 'Inline, ephemeral agent spec' })
  @IsObject()
  @ValidateNested()
  @Type(() => VoiceAgentSpecDto)
  spec!: VoiceAgentSpecDto;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Per-call {{variable}} values; they override the defaults of spec.variables',
  })
  @IsOmittable()
  @IsStringMap(VOICE_LIMITS.variables, VOICE_LIMITS.variableValue, IDENTIFIER_PATTERN)
  variables?: Record<string, string>;

  @ApiPropertyOptional({ description: 'Saved agent id when testing from the dashboard playground' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  agentId?: string;
}

/** Body of POST /voice/call (VoiceCall). */
export class VoiceCallDto extends VoiceBrowserCallDto {
  @ApiProperty({ example: '+14155550123', description: 'Who to call, E.164' })
  @Matches(E164_PATTERN, { message: E164_MESSAGE })
  phoneNumber!: string;
}

/** Answer of POST /voice/call and POST /voice/browser-call (records.md VoiceCallResponse). */
export class VoiceCallResponseDto {
  @ApiProperty({ description: 'Stable tracking id — use with GET /voice/calls/{trackingId}' })
  trackingId!: string;

  @ApiProperty({
    description: "The provider's id of the call (Twilio CallSid; sandbox-… in the sandbox)",
  })
  callControlId!: string;

  @ApiProperty({
    example: 'wss://clarion.example.com/voice/media/01936f7e-…',
    description: "The call's media websocket",
  })
  websocket!: string;
}

/** One entry of a call's timeline (records.md GetVoiceCallResponseCallTimelineInner). */
export class VoiceCallTimelineEntryDto {
  @ApiProperty({ description: 'Milliseconds since the call started' })
  offsetMs!: number;

  @ApiProperty({
    example: 'agent',
    description:
      'agent and user: the transcript; call.ringing, call.answered, call.voicemail, call.ended, recording.started, tool.call, provider.status, sandbox: what happened',
  })
  type!: string;

  @ApiPropertyOptional({ description: 'What was said (agent, user)' })
  text?: string;

  @ApiPropertyOptional()
  detail?: string;

  @ApiPropertyOptional({
    type: 'object',
    properties: { responseMs: { type: 'number' } },
    description:
      'agent turns that answered the caller: from the end of their turn to the first audio',
  })
  latency?: { responseMs: number };

  @ApiPropertyOptional()
  toolName?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  toolArgs?: Record<string, unknown>;

  @ApiPropertyOptional()
  toolResult?: string;
}

/** A call record as lists show it (records.md ListVoiceCallsResponseCallsInner). */
export class VoiceCallSummaryDto {
  @ApiProperty()
  trackingId!: string;

  @ApiProperty({ enum: CALL_STATUSES })
  status!: CallStatus;

  @ApiPropertyOptional({ description: 'Omitted for playground calls made without a saved agent' })
  agentId?: string;

  @ApiProperty({ description: "spec.name of the call's agent" })
  agentName!: string;

  @ApiProperty({ enum: CALL_DIRECTIONS })
  direction!: CallDirection;

  @ApiProperty({ enum: CALL_SOURCES, description: 'pstn: a phone call; web: a browser call' })
  source!: CallSource;

  @ApiProperty({ description: 'E.164, or `browser` for a browser call' })
  from!: string;

  @ApiProperty({ description: 'E.164, or `agent` for a browser call' })
  to!: string;

  @ApiProperty()
  startedAt!: string;

  @ApiProperty({ description: 'Seconds from start to end (to now while active)' })
  durationSeconds!: number;

  @ApiPropertyOptional({ enum: CALL_OUTCOMES })
  outcome?: CallOutcome;

  @ApiPropertyOptional({ enum: CALL_END_REASONS })
  endReason?: CallEndReason;

  @ApiPropertyOptional({ description: 'Short human-readable detail (e.g. provider error message)' })
  endDetail?: string;
}

/** The full call record (records.md GetVoiceCallResponseCall). */
export class VoiceCallDetailDto extends VoiceCallSummaryDto {
  @ApiProperty({
    type: [VoiceCallTimelineEntryDto],
    description: 'Transcript and events, in order',
  })
  timeline!: VoiceCallTimelineEntryDto[];

  @ApiPropertyOptional({ description: 'When spec.compliance.recordingEnabled' })
  recordingUrl?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'The {{variable}} values the call used',
  })
  variables?: Record<string, string>;

  @ApiPropertyOptional({
    type: 'object',
    properties: {
      amount: { type: 'number', example: 0.045, description: 'USD' },
      currency: { type: 'string', enum: ['USD'] },
      billableMinutes: { type: 'number', example: 3 },
    },
    description:
      "What the call cost, once charged to the account's usage (shortly after it ended): every started minute from its start when it was answered, 0 when it was not",
  })
  cost?: { amount: number; currency: 'USD'; billableMinutes: number };
}

export class GetVoiceCallResponseDto {
  @ApiProperty({ type: VoiceCallDetailDto })
  call!: VoiceCallDetailDto;
}

/** Query of GET /voice/calls (VoiceListCalls). */
export class ListVoiceCallsQueryDto {
  @ApiPropertyOptional({ description: 'Only calls handled by this agent' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  agentId?: string;

  @ApiPropertyOptional({
    default: DEFAULT_CALL_LIST_LIMIT,
    minimum: 1,
    maximum: MAX_CALL_LIST_LIMIT,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_CALL_LIST_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ description: 'From a previous response' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;
}

export class ListVoiceCallsResponseDto {
  @ApiProperty({ type: [VoiceCallSummaryDto], description: 'Newest first' })
  calls!: VoiceCallSummaryDto[];

  @ApiPropertyOptional({ description: 'Pass back as ?cursor= to fetch the next page' })
  cursor?: string;
}
