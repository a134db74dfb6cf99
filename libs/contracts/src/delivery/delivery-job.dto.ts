import { IsArray, IsEnum, IsISO8601, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { Channel } from '../common/channel.enum';
import { SendScope } from '../common/tenant-scope';
import { IsPlainObject } from '../validation/is-plain-object.decorator';
import { DeliveryJob, DeliveryRecipient } from './delivery-job';

/**
 * How delivery-workers validate a `delivery.<channel>` job on the way in: its envelope is
 * checked here; its content and options were validated by the gateway before it was accepted.
 */
export class DeliveryJobDto<TContent = Record<string, unknown>>
  extends SendScope
  implements DeliveryJob<TContent>
{
  @IsEnum(Channel)
  channel!: Channel;

  @IsString()
  @IsNotEmpty()
  notificationId!: string;

  @IsOptional()
  @IsString()
  subNotificationId?: string;

  @IsOptional()
  @IsString()
  secondaryId?: string;

  @IsOptional()
  @IsString()
  templateId?: string;

  @IsPlainObject()
  recipient!: DeliveryRecipient;

  @IsPlainObject()
  content!: TContent;

  @IsOptional()
  @IsPlainObject()
  options?: DeliveryJob<TContent>['options'];

  @IsOptional()
  @IsPlainObject()
  parameters?: Record<string, unknown>;

  @IsISO8601()
  receivedAt!: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  digestOf?: string[];
}
