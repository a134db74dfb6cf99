import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEnum,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Channel } from '../common/channel.enum';
import { EndUserRef } from '../inapp/inbox-requests';
import { DeliveryOption } from '../notification-types/delivery-option.enum';
import { SubNotificationResponseDto } from '../notification-types/sub-notification.dto';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

/** How one user wants one type (optionally one sub-notification) delivered over one channel. */
export class PreferenceDto {
  @ApiProperty({ example: 'welcome' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  notificationId!: string;

  @ApiProperty({ enum: Channel })
  @IsEnum(Channel)
  channel!: Channel;

  @ApiProperty({ enum: DeliveryOption })
  @IsEnum(DeliveryOption)
  delivery!: DeliveryOption;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subNotificationId?: string;
}

/** Body of POST /users/{userId}/preferences and POST /user/preferences. */
export class PreferencesBodyDto {
  @ApiProperty({ type: PreferenceDto, isArray: true })
  @IsArray()
  @ArrayMaxSize(500)
  // ValidateNested alone passes an item that is itself an array, checking only its items: [[]]
  // reached the database as a preference without a notificationId.
  @IsPlainObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PreferenceDto)
  preferences!: PreferenceDto[];
}

export class PreferencesResponseDto {
  @ApiProperty({ type: PreferenceDto, isArray: true })
  preferences!: PreferenceDto[];

  @ApiProperty({
    type: SubNotificationResponseDto,
    isArray: true,
    description:
      'The sub-notifications of the environment, for a preference center to offer each on its own.',
  })
  subNotifications!: SubNotificationResponseDto[];
}

/** Query of DELETE /users/{userId}/preferences: all, one type, or one sub-notification. */
export class PreferencesDeleteQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  notificationId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  subNotificationId?: string;
}

export class SetPreferencesRequest extends EndUserRef {
  @ValidateNested({ each: true })
  @Type(() => PreferenceDto)
  preferences!: PreferenceDto[];

  /**
   * Set by the end-user API: a preference the user turns off there is an unsubscribe the
   * customer hears of (`INAPP_WEB_UNSUBSCRIBE`, …). The server API's own changes are the
   * customer's, and the email link reports its unsubscribe on the send it came from.
   */
  @IsOptional()
  @IsBoolean()
  reportUnsubscribes?: boolean;
}

export class DeletePreferencesRequest extends EndUserRef {
  @IsOptional()
  @IsString()
  notificationId?: string;

  @IsOptional()
  @IsString()
  subNotificationId?: string;
}
