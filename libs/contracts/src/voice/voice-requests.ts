import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { E164_PATTERN } from '../numbers/phone-number-rules';
import { VoiceAgentSpecDto } from './voice-agent-spec.dto';
import {
  CALL_SOURCES,
  CallSource,
  IDENTIFIER_PATTERN,
  MAX_CALL_LIST_LIMIT,
  VOICE_LIMITS,
} from './voice-rules';
import { IsStringMap } from './voice-validators';

/** An account's agent. */
export class VoiceAgentRef {
  @IsUUID()
  accountId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  agentId!: string;
}

export class CreateVoiceAgentRequest {
  @IsUUID()
  accountId!: string;

  @IsObject()
  @ValidateNested()
  @Type(() => VoiceAgentSpecDto)
  spec!: VoiceAgentSpecDto;
}

export class UpdateVoiceAgentRequest extends VoiceAgentRef {
  @IsObject()
  @ValidateNested()
  @Type(() => VoiceAgentSpecDto)
  spec!: VoiceAgentSpecDto;
}

export class VoiceAgentNumberRequest extends VoiceAgentRef {
  @Matches(E164_PATTERN)
  phoneNumber!: string;
}

/** POST /voice/call (source pstn, with phoneNumber) and POST /voice/browser-call (source web). */
export class PlaceVoiceCallRequest {
  @IsUUID()
  accountId!: string;

  @IsIn(CALL_SOURCES)
  source!: CallSource;

  @IsOptional()
  @Matches(E164_PATTERN)
  phoneNumber?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => VoiceAgentSpecDto)
  spec!: VoiceAgentSpecDto;

  @IsOptional()
  @IsStringMap(VOICE_LIMITS.variables, VOICE_LIMITS.variableValue, IDENTIFIER_PATTERN)
  variables?: Record<string, string>;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  agentId?: string;
}

export class VoiceCallRef {
  @IsUUID()
  accountId!: string;

  @IsString()
  @MaxLength(200)
  trackingId!: string;
}

export class ListVoiceCallsRequest {
  @IsUUID()
  accountId!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  agentId?: string;

  @IsInt()
  @Min(1)
  @Max(MAX_CALL_LIST_LIMIT)
  limit!: number;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;
}

/**
 * A call to one of the numbers, as the gateway received it: `twilio` when Twilio signed it,
 * `sandbox` when no Twilio auth token is configured (the voice service then takes it only while
 * it runs the sandbox).
 */
export class InboundVoiceCallRequest {
  @IsIn(['twilio', 'sandbox'])
  provider!: 'twilio' | 'sandbox';

  @Matches(E164_PATTERN)
  to!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  from!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  callControlId?: string;
}

/** Whom the call reached: `trackingId` and `websocket` when an agent takes it. */
export interface InboundVoiceCallReply {
  answered: boolean;
  trackingId?: string;
  websocket?: string;
  /** Said to the caller when no agent takes the call. */
  message?: string;
}

/** A Twilio status or recording callback of a call the voice service placed or answered. */
export class VoiceCallStatusRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  callControlId!: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  callStatus?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  answeredBy?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2_000)
  recordingUrl?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  errorMessage?: string;
}

/** numbers.number.route: which account holds an active number, and which agent it is bound to. */
export class PhoneNumberRouteRequest {
  @Matches(E164_PATTERN)
  phoneNumber!: string;
}

export interface PhoneNumberRouteReply {
  accountId?: string;
  agentId?: string;
  /** The shared number of every account (a voice call's sender when the account has none). */
  shared?: true;
}

/** Broadcast when a provider detects an answering machine on a call: its media session acts. */
export interface VoicemailReached {
  trackingId: string;
  answeredBy: string;
}
