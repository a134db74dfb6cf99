import { InviteResponseDto, newTimeOrderedId } from '@clarion/contracts';
import { EntityManager } from 'typeorm';
import { hashApiKey, randomToken } from '../api-keys/api-key-secret';
import { InviteEntity } from './invite.entity';
import { InviteLifetime } from './invite-lifetime';

export const INVITE_TOKEN_PREFIX = 'clarion_inv_';

/**
 * Inside the caller's transaction: an invitation to an account, for one email, that expires after
 * the lifetime. Its token is returned once, for the invitee's POST /profile/accept_invite; only its
 * hash is stored.
 */
export async function insertInvite(
  manager: EntityManager,
  lifetime: InviteLifetime,
  invite: { accountId: string; email: string; role: string; invitedBy: string | null },
): Promise<InviteResponseDto> {
  const token = `${INVITE_TOKEN_PREFIX}${randomToken(40)}`;
  const saved = await manager.save(InviteEntity, {
    id: newTimeOrderedId(),
    ...invite,
    email: invite.email.trim().toLowerCase(),
    tokenHash: hashApiKey(token),
    expiresAt: lifetime.expiryOf(new Date()),
    acceptedAt: null,
  });
  const expiresAt = saved.expiresAt.toISOString();
  return {
    message: `Invited ${saved.email} as ${saved.role} until ${expiresAt}`,
    inviteId: saved.id,
    email: saved.email,
    role: saved.role,
    expiresAt,
    token,
  };
}
