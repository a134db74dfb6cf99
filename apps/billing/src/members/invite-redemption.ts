import { DomainError, ErrorCode, ForbiddenError } from '@clarion/contracts';
import { InviteEntity } from './invite.entity';

/**
 * An invitation is for the email it was made for, until it expires: anyone else holding its token,
 * or anyone after expiry, is refused.
 */
export function assertRedeemableBy(invite: InviteEntity, redeemerEmail: string, now: Date): void {
  if (normalizedEmail(invite.email) !== normalizedEmail(redeemerEmail)) {
    throw new ForbiddenError(
      'This invitation was made for another email address',
      'Sign in with the email address the invitation was sent to, or ask an owner or admin of the account to invite your address.',
    );
  }
  if (invite.expiresAt.getTime() <= now.getTime()) {
    throw new DomainError(
      ErrorCode.INVITATION_EXPIRED,
      `This invitation expired at ${invite.expiresAt.toISOString()}`,
      'Ask an owner or admin of the account for a new invitation.',
    );
  }
}

function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}
