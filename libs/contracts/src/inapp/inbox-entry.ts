import { Type } from 'class-transformer';
import {
  IsArray,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { SendScope } from '../common/tenant-scope';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

/** A rendered in-app notification on its way into a user's inbox (the in-app delivery job). */
export class InboxEntry extends SendScope {
  @IsString()
  @IsNotEmpty()
  userId!: string;

  @IsString()
  @IsNotEmpty()
  notificationId!: string;

  @IsOptional()
  @IsString()
  subNotificationId?: string;

  @IsString()
  title!: string;

  @IsOptional()
  @IsString()
  redirectURL?: string;

  @IsOptional()
  @IsString()
  imageURL?: string;

  @IsPlainObject()
  parameters!: Record<string, unknown>;

  @IsISO8601()
  receivedAt!: string;
}

export class StoreInboxEntriesRequest {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => InboxEntry)
  entries!: InboxEntry[];
}

export interface StoreInboxEntriesReply {
  storedAt: string;
}
