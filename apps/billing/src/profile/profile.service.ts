import { Injectable } from '@nestjs/common';
import {
  AcceptInviteResponseDto,
  Broadcasts,
  DomainError,
  ErrorCode,
  NotFoundError,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { DataSource } from 'typeorm';
import { hashApiKey } from '../api-keys/api-key-secret';
import { InviteEntity } from '../members/invite.entity';
import { assertRedeemableBy } from '../members/invite-redemption';
import { lastOwnerConflict, OWNER } from '../members/member-roles';
import { MembershipEntity } from '../members/membership.entity';
import { ProfileEntity } from '../members/profile.entity';

/** What a signed-in member does to their own profile. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly messaging: MessagingClient,
  ) {}

  /**
   * Joins the account of an open invitation with the invitation's role, when the invitation was
   * made for this profile's email and has not expired.
   */
  acceptInvite(profileId: string, token: string): Promise<AcceptInviteResponseDto> {
    return this.dataSource.transaction(async (manager) => {
      const invite = await manager.findOne(InviteEntity, {
        where: { tokenHash: hashApiKey(token) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!invite || invite.acceptedAt)
        throw new NotFoundError('The invitation', 'Ask for a new invitation.');
      const profile = await manager.findOneBy(ProfileEntity, { id: profileId });
      if (!profile) throw new NotFoundError('The profile');
      assertRedeemableBy(invite, profile.email, new Date());
      await manager
        .createQueryBuilder()
        .insert()
        .into(MembershipEntity)
        .values({ accountId: invite.accountId, profileId, role: invite.role })
        .orIgnore()
        .execute();
      await manager.update(InviteEntity, { id: invite.id }, { acceptedAt: new Date() });
      return {
        success: true,
        accountId: invite.accountId,
        userExists: true,
        inviteeEmail: invite.email,
      };
    });
  }

  async changeEmail(profileId: string, newEmail: string): Promise<SuccessResponseDto> {
    const email = newEmail.trim().toLowerCase();
    const taken = await this.dataSource.manager.findOneBy(ProfileEntity, { email });
    if (taken && taken.id !== profileId) {
      throw emailTaken();
    }
    try {
      await this.dataSource.manager.update(
        ProfileEntity,
        { id: profileId },
        { email, emailVouched: false },
      );
    } catch (error) {
      // 23505: another profile took the email meanwhile.
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505')
        throw emailTaken();
      throw error;
    }
    return { success: true };
  }

  /** Deletes the profile for good, with its memberships and sessions; an account's last owner cannot leave. */
  async delete(profileId: string): Promise<SuccessResponseDto> {
    const accountIds = await this.dataSource.transaction(async (manager) => {
      const memberships = await manager.findBy(MembershipEntity, { profileId });
      for (const membership of memberships.filter((m) => m.role === OWNER)) {
        const owners: unknown[] = await manager.query(
          'SELECT profile_id FROM billing.memberships WHERE account_id = $1 AND role = $2 FOR UPDATE',
          [membership.accountId, OWNER],
        );
        if (owners.length <= 1) throw lastOwnerConflict();
      }
      await manager.delete(ProfileEntity, { id: profileId });
      return memberships.map((m) => m.accountId);
    });
    for (const accountId of accountIds) {
      this.messaging.broadcast(Broadcasts.billingChanges, { kind: 'account-changed', accountId });
    }
    return { success: true };
  }
}

function emailTaken(): DomainError {
  return new DomainError(ErrorCode.CONFLICT, 'Another profile uses that email');
}
