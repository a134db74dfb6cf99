import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NotificationTypeRef } from './notification-type-requests';

/**
 * Body of PUT /types/{notificationId}/subNotifications/{subNotificationId} (the hosted service's
 * `/{clientId}/notifications/…/subNotifications/…`): the title a preference center shows.
 */
export class SubNotificationBodyDto {
  @ApiProperty({ example: 'Project Apollo' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  title!: string;
}

/**
 * A subgroup of a notification type (a project, a group, a thread) that users can opt in and out
 * of on its own: sends name it with `subNotificationId`, preferences may be set for it.
 */
export class SubNotificationResponseDto {
  @ApiProperty({ example: 'task_completed' })
  notificationId!: string;

  @ApiProperty({ example: 'project-apollo' })
  subNotificationId!: string;

  @ApiProperty({ description: 'Its subNotificationId until a title is given.' })
  title!: string;
}

/** One sub-notification of one type of one environment. */
export class SubNotificationRef extends NotificationTypeRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subNotificationId!: string;
}

export class SaveSubNotificationRequest extends SubNotificationRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  title!: string;
}
