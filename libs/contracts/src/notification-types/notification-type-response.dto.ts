import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Channel } from '../common/channel.enum';
import { NotificationOptionsDto } from './channel-options.dto';
import { DeduplicationDto, ThrottlingDto } from './notification-settings.dto';
import { NotificationTypeTemplatesDto } from './notification-type-templates.dto';

/** A notification type (records.md Notification). */
export class NotificationTypeResponseDto {
  @ApiProperty() envId!: string;
  @ApiProperty() notificationId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: Channel, isArray: true }) channels!: Channel[];
  @ApiProperty() enabled!: boolean;
  @ApiPropertyOptional({ type: DeduplicationDto }) deduplication?: DeduplicationDto;
  @ApiPropertyOptional({ type: ThrottlingDto }) throttling?: ThrottlingDto;
  @ApiPropertyOptional() retention?: number;
  @ApiPropertyOptional({ type: NotificationOptionsDto }) options?: NotificationOptionsDto;
  @ApiPropertyOptional({
    type: NotificationTypeTemplatesDto,
    isArray: true,
    description: 'The template ids of each channel (GET /types/{id}); read one template by its id.',
  })
  templates?: NotificationTypeTemplatesDto[];
}
