import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsEnum, IsIn } from 'class-validator';
import { Channel } from '../common/channel.enum';
import { TenantScope } from '../common/tenant-scope';
import { EndUserRef } from '../inapp/inbox-requests';
import { UserResponseDto } from '../users/user-response.dto';
import { IsStringMap } from '../voice/voice-validators';

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

/** What a suppression's details may hold: a few short facts (code, status, diagnostic, recipient). */
export const SUPPRESSION_DETAILS_LIMITS = { entries: 10, valueLength: 1_000 } as const;

/**
 * Suppresses email to a user after a bounce or a complaint (delivery-workers asks, from an SMTP
 * rejection at send time or a report received later). Notifications keeps a complaint over a
 * later bounce, and a permanent bounce over a later retryable one; it answers `suppressed: false`
 * for a user it does not know.
 */
export class SuppressEmailRequest extends EndUserRef {
  @IsEnum(SuppressionReason)
  reason!: SuppressionReason;

  /** A transient bounce: DELETE /email/suppressions/retryable clears it. */
  @IsBoolean()
  retryable!: boolean;

  /** Shown as emailSuppressionStatus.details: the failed code, status, diagnostic, recipient. */
  @IsStringMap(
    SUPPRESSION_DETAILS_LIMITS.entries,
    SUPPRESSION_DETAILS_LIMITS.valueLength,
    /^[A-Za-z][\w-]{0,63}$/,
  )
  details!: Record<string, string>;
}

export class SuppressEmailResponseDto {
  /** False when there is no such user (nothing is stored for one). */
  @ApiProperty()
  suppressed!: boolean;
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
