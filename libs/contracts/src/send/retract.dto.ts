import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';

/**
 * Body of POST /sender/retract (and of the hosted service's `/{clientId}/sender/retract`): take
 * back what was sent of one type to one user, or of one of its sub-notifications.
 */
export class RetractDto {
  @ApiProperty({ description: 'The notification type to retract.', example: 'new_comment' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  notificationId!: string;

  @ApiProperty({ description: 'The user it was sent to.', example: 'ada' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  userId!: string;

  @ApiPropertyOptional({ description: 'Only what was sent with this subNotificationId.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subNotificationId?: string;

  @ApiPropertyOptional({ deprecated: true, description: 'Use subNotificationId.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  secondaryId?: string;
}

/** The answer to a retraction. */
export class RetractResponseDto {
  @ApiProperty()
  success!: boolean;

  @ApiProperty({ description: 'In-app notifications removed from the inbox.' })
  removed!: number;

  @ApiProperty({ description: 'Scheduled sends and digest entries canceled before going out.' })
  canceled!: number;
}

/** Retracts one type (or one sub-notification of it) sent to one user of one environment. */
export class RetractRequest extends TenantScope {
  @IsString()
  @IsNotEmpty()
  notificationId!: string;

  @IsString()
  @IsNotEmpty()
  userId!: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  subNotificationId?: string;
}

/** The request of a retraction body: the deprecated secondaryId names a sub-notification. */
export function retractRequestOf(scope: TenantScope, body: RetractDto): RetractRequest {
  const subNotificationId = body.subNotificationId ?? body.secondaryId;
  return {
    accountId: scope.accountId,
    envId: scope.envId,
    notificationId: body.notificationId,
    userId: body.userId,
    ...(subNotificationId !== undefined && { subNotificationId }),
  };
}
