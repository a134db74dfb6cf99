import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { E164_PATTERN } from '../numbers/phone-number-rules';
import { IsStringMap } from './voice-validators';
import {
  COLLECT_INPUT_KINDS,
  HTTP_TOOL_METHODS,
  IDENTIFIER_PATTERN,
  TOOL_TYPES,
  ToolType,
  VOICE_LIMITS,
  VOICE_RANGES,
} from './voice-rules';

const IDENTIFIER = { message: '$property must be a letter or _ followed by letters, digits or _' };
const HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;

/** A tool whose `type` is missing or unknown: only `type` is checked (and named). */
export class UnknownVoiceToolDto {
  @IsIn(TOOL_TYPES, { message: `$property must be one of ${TOOL_TYPES.join(', ')}` })
  type!: ToolType;
}

/** What every tool has: the name and description the language model sees. */
abstract class VoiceToolBaseDto {
  @ApiProperty({ example: 'lookup_order', description: 'What the model calls the tool' })
  @Matches(IDENTIFIER_PATTERN, IDENTIFIER)
  name!: string;

  @ApiProperty({
    description: 'When the model should use the tool',
    example: 'Use when the caller asks where their order is.',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(VOICE_LIMITS.description)
  description!: string;
}

/** Hangs up, after an optional goodbye. */
export class EndCallToolDto extends VoiceToolBaseDto {
  @ApiProperty({ enum: ['end_call'] })
  @IsIn(['end_call'])
  type!: 'end_call';

  @ApiPropertyOptional({ description: 'Said before hanging up; may use {{variables}}' })
  @IsOptional()
  @IsString()
  @MaxLength(VOICE_LIMITS.utterance)
  farewellMessage?: string;
}

/** Hands the caller over to a person at an E.164 number. */
export class TransferCallToolDto extends VoiceToolBaseDto {
  @ApiProperty({ enum: ['transfer_call'] })
  @IsIn(['transfer_call'])
  type!: 'transfer_call';

  @ApiProperty({ example: '+14155550100' })
  @Matches(E164_PATTERN, { message: '$property must be an E.164 number such as +14155550100' })
  phoneNumber!: string;

  @ApiPropertyOptional({ description: 'Said to the caller before the transfer' })
  @IsOptional()
  @IsString()
  @MaxLength(VOICE_LIMITS.utterance)
  announcement?: string;
}

/** Calls an HTTPS endpoint with the arguments the model chose; the answer goes back to it. */
export class HttpRequestToolDto extends VoiceToolBaseDto {
  @ApiProperty({ enum: ['http_request'] })
  @IsIn(['http_request'])
  type!: 'http_request';

  @ApiProperty({ example: 'https://api.example.com/orders/{{order_id}}' })
  @IsUrl(
    { protocols: ['https'], require_protocol: true, require_tld: false },
    { message: '$property must be an https URL' },
  )
  url!: string;

  @ApiProperty({ enum: HTTP_TOOL_METHODS })
  @IsIn(HTTP_TOOL_METHODS)
  method!: (typeof HTTP_TOOL_METHODS)[number];

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsStringMap(VOICE_LIMITS.headers, VOICE_LIMITS.utterance, HEADER_NAME)
  headers?: Record<string, string>;

  @ApiPropertyOptional({
    minimum: VOICE_RANGES.httpTimeoutMs[0],
    maximum: VOICE_RANGES.httpTimeoutMs[1],
    default: 5000,
  })
  @IsOptional()
  @IsInt()
  @Min(VOICE_RANGES.httpTimeoutMs[0])
  @Max(VOICE_RANGES.httpTimeoutMs[1])
  timeoutMs?: number;
}

/** Texts the caller (from the number of the call); `message` may use {{variables}}. */
export class SendSmsToolDto extends VoiceToolBaseDto {
  @ApiProperty({ enum: ['send_sms'] })
  @IsIn(['send_sms'])
  type!: 'send_sms';

  @ApiProperty({ example: 'Your booking is confirmed for {{date}}.' })
  @IsString()
  @MinLength(1)
  @MaxLength(1_600)
  message!: string;
}

/** Asks the caller for keypad digits or a spoken answer. */
export class CollectInputToolDto extends VoiceToolBaseDto {
  @ApiProperty({ enum: ['collect_input'] })
  @IsIn(['collect_input'])
  type!: 'collect_input';

  @ApiProperty({ enum: COLLECT_INPUT_KINDS })
  @IsIn(COLLECT_INPUT_KINDS)
  inputType!: (typeof COLLECT_INPUT_KINDS)[number];

  @ApiProperty({ example: 'Please enter your 6 digit account number.' })
  @IsString()
  @MinLength(1)
  @MaxLength(VOICE_LIMITS.utterance)
  prompt!: string;

  @ApiPropertyOptional({ minimum: VOICE_RANGES.maxDigits[0], maximum: VOICE_RANGES.maxDigits[1] })
  @IsOptional()
  @IsInt()
  @Min(VOICE_RANGES.maxDigits[0])
  @Max(VOICE_RANGES.maxDigits[1])
  maxDigits?: number;
}

export type VoiceToolDto =
  EndCallToolDto | TransferCallToolDto | HttpRequestToolDto | SendSmsToolDto | CollectInputToolDto;

export const VOICE_TOOL_CLASSES = {
  end_call: EndCallToolDto,
  transfer_call: TransferCallToolDto,
  http_request: HttpRequestToolDto,
  send_sms: SendSmsToolDto,
  collect_input: CollectInputToolDto,
} as const;
