import { Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsEnum,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { Channel } from '../common/channel.enum';
import { TenantScope } from '../common/tenant-scope';
import { DeliveryOption, TEMPLATE_MODES } from './delivery-option.enum';
import { NotificationCreateDto, NotificationSettingsPatchDto } from './notification-settings.dto';
import { TemplateContent } from './template-content';

/** One notification type of one environment. */
export class NotificationTypeRef extends TenantScope {
  @IsString()
  @IsNotEmpty()
  notificationId!: string;
}

export class CreateNotificationTypeRequest extends TenantScope {
  @ValidateNested()
  @Type(() => NotificationCreateDto)
  settings!: NotificationCreateDto;
}

export class UpdateNotificationTypeRequest extends NotificationTypeRef {
  @ValidateNested()
  @Type(() => NotificationSettingsPatchDto)
  patch!: NotificationSettingsPatchDto;
}

/** The templates of one channel of one type. */
export class TemplatesRef extends NotificationTypeRef {
  @IsEnum(Channel)
  channel!: Channel;
}

export class TemplateRef extends TemplatesRef {
  @IsString()
  @IsNotEmpty()
  templateId!: string;
}

/** Make a template the default of its channel for some deliveries (instant when none are named). */
export class SetDefaultTemplateRequest extends TemplateRef {
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @IsIn(TEMPLATE_MODES, { each: true })
  modes?: DeliveryOption[];
}

/** Create (templateId optional) or update a template: content fields and `default`. */
export class WriteTemplateRequest extends TemplatesRef {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  templateId?: string;

  @IsObject()
  body!: TemplateContent;
}

/** Which templates a send of a type uses, and the values each reads, for the gateway's notes. */
export interface TemplateVariablesDto {
  channel: Channel;
  templateId: string;
  isDefault: boolean;
  variables: string[];
}

/**
 * The type a send names, made to exist before the send is answered: created with the channels
 * of the send's content when it is new (as the send pipeline would create it), and with the
 * sub-notification the send names.
 */
export class EnsureSendPlanRequest extends NotificationTypeRef {
  @IsArray()
  @IsEnum(Channel, { each: true })
  channels!: Channel[];

  @IsOptional()
  @IsString()
  subNotificationId?: string;
}

export interface SendPlanDto {
  channels: Channel[];
  templates: TemplateVariablesDto[];
  /** The sub-notifications of the type, so that a send naming another one ensures it. */
  subNotificationIds: string[];
}

/** Broadcast when a type or one of its templates changes, so caches of it are dropped. */
export interface NotificationTypeChange {
  envId: string;
  notificationId: string;
}
