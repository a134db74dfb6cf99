import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { Channel } from '../common/channel.enum';
import { SendEmailOptionsDto } from './send-options.dto';
import { SendDto } from './send.dto';

const E164 = /^\+[1-9]\d{6,14}$/;

/** Body of POST /sms (records.md SendSmsRequest): a text without a template. */
export class SendSmsRequestDto {
  @ApiProperty({
    description: 'Notification type id; created when it does not exist.',
    example: 'order-shipped',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  type!: string;

  @ApiProperty({
    description: 'Recipient phone number in E.164 form, e.g. +15005550006.',
    example: '+15005550006',
  })
  @Matches(E164, { message: 'to must be a phone number in E.164 form, e.g. +15005550006' })
  to!: string;

  @ApiPropertyOptional({
    description: 'Body text; required without mediaUrls.',
    example: 'Your order has shipped.',
  })
  @ValidateIf((o: SendSmsRequestDto) => o.mediaUrls === undefined)
  @IsString()
  @IsNotEmpty()
  message?: string;

  @ApiPropertyOptional({ type: [String], description: 'Public HTTPS URLs: makes it an MMS.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsUrl({ protocols: ['https'], require_protocol: true }, { each: true })
  mediaUrls?: string[];

  @ApiPropertyOptional({ description: 'When to send (ISO 8601).' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'schedule must be an ISO 8601 date and time' })
  schedule?: string;

  @ApiPropertyOptional({ description: 'Sender number override; a number of the account.' })
  @IsOptional()
  @Matches(E164, { message: 'from must be a phone number in E.164 form' })
  from?: string;
}

/** Body of POST /email (records.md SendEmailRequest): an email without a template. */
export class SendEmailRequestDto extends SendEmailOptionsDto {
  @ApiProperty({
    description: 'Notification type id; created when it does not exist.',
    example: 'welcome',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  type!: string;

  @ApiProperty({ description: 'Recipient email address.', example: 'ada@example.com' })
  @IsEmail()
  to!: string;

  @ApiProperty({ example: 'Welcome to Acme' })
  @IsString()
  @IsNotEmpty()
  subject!: string;

  @ApiProperty({ example: '<p>Hello Ada, welcome aboard.</p>' })
  @IsString()
  @IsNotEmpty()
  html!: string;

  @ApiPropertyOptional({ description: 'Hidden preheader text shown by mail clients.' })
  @IsOptional()
  @IsString()
  previewText?: string;

  @ApiPropertyOptional({ description: 'When to send (ISO 8601).' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'schedule must be an ISO 8601 date and time' })
  schedule?: string;
}

/** POST /sms as a send body: the number is the user, SMS the only channel. */
export function sendOfSms(body: SendSmsRequestDto): SendDto {
  return {
    type: body.type,
    to: { id: body.to, number: body.to },
    forceChannels: [Channel.SMS],
    sms: { message: body.message, mediaUrls: body.mediaUrls, from: body.from },
    schedule: body.schedule,
  };
}

/** POST /email as a send body: the address is the user, EMAIL the only channel. */
export function sendOfEmail(body: SendEmailRequestDto): SendDto {
  const { type, to, subject, html, previewText, schedule, fromName, fromAddress, ...options } =
    body;
  return {
    type,
    to: { id: to, email: to },
    forceChannels: [Channel.EMAIL],
    email: { subject, html, previewText, senderName: fromName, senderEmail: fromAddress },
    options: { email: { ...options, fromName, fromAddress } },
    schedule,
  };
}
