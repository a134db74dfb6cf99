import { ApiProperty } from '@nestjs/swagger';
import { IsEnum, IsIn } from 'class-validator';
import { Channel } from '../common/channel.enum';
import { TenantScope } from '../common/tenant-scope';
import { EndUserRef } from '../inapp/inbox-requests';
import { UserResponseDto } from '../users/user-response.dto';

/** Why a channel of a user is suppressed (spec 2.6 emailSuppressionStatus.reason). */
export enum SuppressionReason {
  BOUNCE = 'Bounce',
  COMPLAINT = 'Complaint',
}

/** The groups DELETE /email/suppressions/{reason} removes (spec 3.4). */
export const BULK_SUPPRESSION_REASONS = ['retryable', 'bounces'] as const;
export type BulkSuppressionReason = (typeof BULK_SUPPRESSION_REASONS)[number];

export class RemoveSuppressionRequest extends EndUserRef {
  @IsEnum(Channel)
  channel!: Channel;
}

export class BulkRemoveSuppressionsRequest extends TenantScope {
  @IsIn(BULK_SUPPRESSION_REASONS)
  reason!: BulkSuppressionReason;
}

export class UserSuppressionResponseDto {
  @ApiProperty({ type: UserResponseDto })
  user!: UserResponseDto;
}

export class MessageResponseDto {
  @ApiProperty()
  message!: string;
}
