import { IsCondition } from '../validation/is-condition.decorator';
import { IsOmittable } from '../validation/is-omittable.decorator';
import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBase64,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsStringRecordWithMaxKeys } from '../validation/max-keys.decorator';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

/** An email attachment: by URL (up to 20 MB) or inline base64 content (about 4 MB raw). */
export class EmailAttachmentDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  filename!: string;

  @ApiPropertyOptional({ description: 'Public URL of the file; required without content.' })
  @ValidateIf((o: EmailAttachmentDto) => o.content === undefined && o.storedAs === undefined)
  @IsUrl({ require_protocol: true })
  url?: string;

  @ApiPropertyOptional({ description: 'Base64 file content; required without url.' })
  @ValidateIf((o: EmailAttachmentDto) => o.url === undefined && o.storedAs === undefined)
  @IsBase64()
  content?: string;

  /**
   * Set by the gateway, never by callers: where it stored the decoded content (messages cannot
   * carry megabytes), as `<accountId>/<trackingId>/<index>` in the blob store.
   */
  @ApiHideProperty()
  @IsOptional()
  @IsString()
  storedAs?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  contentType?: string;
}

export class SendEmailOptionsDto {
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @IsEmail({}, { each: true })
  replyToAddresses?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @IsEmail({}, { each: true })
  ccAddresses?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @IsEmail({}, { each: true })
  bccAddresses?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsEmail()
  fromAddress?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  fromName?: string;

  @ApiPropertyOptional({ type: [EmailAttachmentDto] })
  @IsOptional()
  @IsArray()
  @IsPlainObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => EmailAttachmentDto)
  attachments?: EmailAttachmentDto[];

  @ApiPropertyOptional({ description: 'When false, no open pixel is added. Default true.' })
  @IsOptional()
  @IsBoolean()
  openTracking?: boolean;

  @ApiPropertyOptional({ description: 'When false, links are not rewritten. Default true.' })
  @IsOptional()
  @IsBoolean()
  clickTracking?: boolean;
}

/**
 * `options.email` of a send: the email options, and the condition the hosted service's SDK puts
 * there, which decides whether the send's email goes out (its other channels are not affected).
 */
export class SendOptionsEmailDto extends SendEmailOptionsDto {
  @ApiPropertyOptional({
    description:
      'Send the email only when this expression holds (the language of options.condition); the other channels go out either way.',
  })
  @IsOmittable()
  @IsCondition()
  condition?: string;
}

export class ApnOptionsDto {
  @ApiPropertyOptional({ description: 'Seconds until expiry.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  expiry?: number;

  @ApiPropertyOptional({ enum: [10, 5] })
  @IsOptional()
  @IsIn([10, 5])
  priority?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  collapseId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  threadId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  badge?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  sound?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  contentAvailable?: boolean;
}

export class FcmAndroidOptionsDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  collapseKey?: string;

  @ApiPropertyOptional({ enum: ['high', 'normal'] })
  @IsOptional()
  @IsIn(['high', 'normal'])
  priority?: 'high' | 'normal';

  @ApiPropertyOptional({ description: 'Seconds.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  ttl?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  restrictedPackageName?: string;
}

export class FcmOptionsDto {
  @ApiPropertyOptional({ type: FcmAndroidOptionsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => FcmAndroidOptionsDto)
  android?: FcmAndroidOptionsDto;
}

export class PushOptionsDto {
  @ApiPropertyOptional({ description: 'Up to 3 string pairs for deep linking.' })
  @IsOptional()
  @IsStringRecordWithMaxKeys(3)
  customData?: Record<string, string>;
}

/** `options` of the send body (spec 4.3). */
export class SendOptionsDto {
  @ApiPropertyOptional({ type: SendOptionsEmailDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SendOptionsEmailDto)
  email?: SendOptionsEmailDto;

  @ApiPropertyOptional({
    description:
      "Send only when this expression over parameters and user fields holds, e.g. parameters.plan == 'pro' && exists(user.email). See docs/conditions.md.",
  })
  @IsOmittable()
  @IsCondition()
  condition?: string;

  @ApiPropertyOptional({ type: ApnOptionsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ApnOptionsDto)
  apn?: ApnOptionsDto;

  @ApiPropertyOptional({ type: FcmOptionsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => FcmOptionsDto)
  fcm?: FcmOptionsDto;

  @ApiPropertyOptional({ type: PushOptionsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => PushOptionsDto)
  push?: PushOptionsDto;
}
