import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsEnum,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Channel } from '../common/channel.enum';
import { SendRecipientDto } from '../users/send-recipient.dto';
import { IsOmittable } from '../validation/is-omittable.decorator';
import { IsPlainObject } from '../validation/is-plain-object.decorator';
import { SendCallContentDto } from './send-call-content.dto';
import { SendEmailContentDto } from './send-email-content.dto';
import { SendInappContentDto } from './send-inapp-content.dto';
import { SendOptionsDto } from './send-options.dto';
import { SendMobilePushContentDto, SendWebPushContentDto } from './send-push-content.dto';
import { SendSlackContentDto } from './send-slack-content.dto';
import { SendSmsContentDto } from './send-sms-content.dto';

/**
 * The body of POST /send (spec 4.3). Each nested object is also @IsPlainObject(): @ValidateNested
 * alone passes an array of such objects (`"options": [{}]`), which reached the pipeline as one.
 */
export class SendDto {
  @ApiPropertyOptional({
    description: 'Notification type id; created when it does not exist.',
    example: 'welcome',
  })
  @ValidateIf((o: SendDto) => o.notificationId === undefined)
  @IsString({ message: 'type must be a string naming the notification type' })
  @IsNotEmpty()
  @MaxLength(200)
  type?: string;

  @ApiPropertyOptional({
    type: SendRecipientDto,
    description: 'The recipient.',
    example: { id: 'ada', email: 'ada@example.com' },
  })
  @ValidateIf((o: SendDto) => o.user === undefined)
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendRecipientDto)
  to?: SendRecipientDto;

  @ApiPropertyOptional({ enum: Channel, isArray: true })
  @IsOptional()
  @IsArray()
  @IsEnum(Channel, { each: true })
  forceChannels?: Channel[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Values of the {{placeholders}} of the templates.',
    example: { firstName: 'Ada' },
  })
  @IsOptional()
  @IsPlainObject()
  parameters?: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  templateId?: string;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  subNotificationId?: string;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  secondaryId?: string;

  @ApiPropertyOptional({ description: 'When to send (ISO 8601).' })
  @IsOmittable()
  @IsISO8601({ strict: true }, { message: 'schedule must be an ISO 8601 date and time' })
  schedule?: string;

  @ApiPropertyOptional({ type: SendOptionsDto })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendOptionsDto)
  options?: SendOptionsDto;

  @ApiPropertyOptional({ type: SendEmailContentDto })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendEmailContentDto)
  email?: SendEmailContentDto;

  @ApiPropertyOptional({ type: SendInappContentDto })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendInappContentDto)
  inapp?: SendInappContentDto;

  @ApiPropertyOptional({ type: SendSmsContentDto })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendSmsContentDto)
  sms?: SendSmsContentDto;

  @ApiPropertyOptional({ type: SendCallContentDto })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendCallContentDto)
  call?: SendCallContentDto;

  @ApiPropertyOptional({ type: SendWebPushContentDto })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendWebPushContentDto)
  web_push?: SendWebPushContentDto;

  @ApiPropertyOptional({ type: SendMobilePushContentDto })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendMobilePushContentDto)
  mobile_push?: SendMobilePushContentDto;

  @ApiPropertyOptional({ type: SendSlackContentDto })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendSlackContentDto)
  slack?: SendSlackContentDto;

  @ApiPropertyOptional({ deprecated: true, description: 'Use type.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  notificationId?: string;

  @ApiPropertyOptional({ deprecated: true, type: SendRecipientDto, description: 'Use to.' })
  @IsOptional()
  @IsPlainObject()
  @ValidateNested()
  @Type(() => SendRecipientDto)
  user?: SendRecipientDto;

  @ApiPropertyOptional({ deprecated: true, type: 'object', additionalProperties: true })
  @IsOptional()
  @IsPlainObject()
  mergeTags?: Record<string, unknown>;

  @ApiPropertyOptional({ deprecated: true, type: 'object', additionalProperties: true })
  @IsOptional()
  @IsPlainObject()
  replace?: Record<string, string>;
}
