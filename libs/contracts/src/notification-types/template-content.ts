import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { IsArray, IsNotEmpty, IsOptional, IsString, IsUrl, validateSync } from 'class-validator';
import { Channel } from '../common/channel.enum';
import { ValidationFailedError } from '../errors/domain-error';
import { SendCallContentDto } from '../send/send-call-content.dto';
import { SendEmailContentDto } from '../send/send-email-content.dto';
import { SendInappContentDto } from '../send/send-inapp-content.dto';
import { SendMobilePushContentDto, SendWebPushContentDto } from '../send/send-push-content.dto';
import { SendSlackContentDto } from '../send/send-slack-content.dto';
import { describeValidationErrors } from '../validation/describe-validation-errors';

/** An SMS template: unlike a send's inline SMS, it needs its text. */
export class SmsTemplateContentDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  message!: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @IsUrl({ protocols: ['https'], require_protocol: true }, { each: true })
  mediaUrls?: string[];
}

/**
 * An email template: the send's inline email content, and what the hosted service's visual editor
 * keeps beside the html (`internal`), stored as given and never sent.
 */
export class EmailTemplateContentDto extends SendEmailContentDto {
  @ApiPropertyOptional({
    description: "The editor's own representation of the email (e.g. its JSON); not sent.",
  })
  @IsOptional()
  @IsString()
  internal?: string;
}

/** Fields of a template's content that only editors read: sends leave them out. */
export const EDITOR_ONLY_FIELDS = ['internal'] as const;

/**
 * The content fields a template of each channel has: those of the send's inline content (and,
 * for email, the editor's representation).
 */
export const TEMPLATE_CONTENT = {
  [Channel.EMAIL]: EmailTemplateContentDto,
  [Channel.INAPP_WEB]: SendInappContentDto,
  [Channel.SMS]: SmsTemplateContentDto,
  [Channel.CALL]: SendCallContentDto,
  [Channel.VOICE]: SendCallContentDto,
  [Channel.PUSH]: SendMobilePushContentDto,
  [Channel.WEB_PUSH]: SendWebPushContentDto,
  [Channel.SLACK]: SendSlackContentDto,
} as const satisfies Record<Channel, new () => object>;

export type TemplateContent = Record<string, unknown>;

/** Fields of a template body that are not content. */
export const TEMPLATE_META_FIELDS = ['templateId', 'default'] as const;

/**
 * Checks a template's content against its channel's fields: every required field present, no
 * unknown field. Throws a 400 naming the fields; returns the content as plain data.
 */
export function validateTemplateContent(
  channel: Channel,
  content: TemplateContent,
): TemplateContent {
  const contentClass: new () => object = TEMPLATE_CONTENT[channel];
  const instance = plainToInstance(contentClass, content);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) {
    throw new ValidationFailedError(
      describeValidationErrors(errors),
      `A ${channel} template has the fields of the send's ${channel} content; see /docs.`,
    );
  }
  return content;
}
