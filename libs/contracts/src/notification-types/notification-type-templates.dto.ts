import { ApiProperty } from '@nestjs/swagger';
import { Channel } from '../common/channel.enum';

/** The templates of one channel of a type, by id (records.md GetNotificationsResponseInnerTemplatesInner). */
export class NotificationTypeTemplatesDto {
  @ApiProperty({ enum: Channel }) channel!: Channel;
  @ApiProperty({ type: [String], description: 'Oldest first' }) templateIds!: string[];
}
