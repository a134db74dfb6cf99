import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { InappBatchDto } from './inapp-batch.dto';

export class InappReplyDto {
  @ApiProperty()
  date!: string;

  @ApiProperty()
  message!: string;
}

/** One notification of a user's in-app inbox. */
export class InappNotificationResponseDto {
  @ApiProperty({ description: 'The trackingId of the send.' })
  id!: string;

  @ApiProperty({ description: 'The notification type.' })
  notificationId!: string;

  @ApiPropertyOptional()
  subNotificationId?: string;

  @ApiProperty()
  seen!: boolean;

  @ApiProperty()
  title!: string;

  @ApiPropertyOptional()
  redirectURL?: string;

  @ApiPropertyOptional()
  imageURL?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  parameters?: Record<string, unknown>;

  @ApiProperty({ description: 'When it arrived (ISO 8601).' })
  date!: string;

  @ApiPropertyOptional()
  opened?: string;

  @ApiPropertyOptional()
  clicked?: string;

  @ApiPropertyOptional()
  archived?: string;

  @ApiPropertyOptional()
  actioned1?: string;

  @ApiPropertyOptional()
  actioned2?: string;

  @ApiPropertyOptional({ type: [InappReplyDto] })
  replies?: InappReplyDto[];

  @ApiPropertyOptional()
  expDate?: string;

  @ApiPropertyOptional({
    type: InappBatchDto,
    description: 'Set on an entry of a batching type: the sends it gathered.',
  })
  batch?: InappBatchDto;
}

export class InappNotificationsResponseDto {
  @ApiProperty({ type: [InappNotificationResponseDto] })
  notifications!: InappNotificationResponseDto[];
}

export class InappUnreadCountResponseDto {
  @ApiProperty()
  count!: number;
}
