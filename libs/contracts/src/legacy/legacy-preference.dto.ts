import { IsEnum, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Channel } from '../common/channel.enum';
import { DeliveryOption } from '../notification-types/delivery-option.enum';

/**
 * One entry of the body of the hosted service's `POST /{clientId}/user_preferences/{userId}`
 * (notificationapi-node-server-sdk `setUserPreferences`). Without a channel it is the user's
 * choice for every channel of the type.
 */
export class LegacyPreferenceDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  notificationId!: string;

  @IsOptional()
  @IsEnum(Channel)
  channel?: Channel;

  @IsEnum(DeliveryOption, {
    message: `delivery must be one of ${Object.values(DeliveryOption).join(', ')}`,
  })
  delivery!: DeliveryOption;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subNotificationId?: string;
}
