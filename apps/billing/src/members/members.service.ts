import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  InviteMemberDto,
  InviteResponseDto,
  MemberActor,
  MemberResponseDto,
  NotFoundError,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { DataSource, EntityManager } from 'typeorm';
import { insertInvite } from './insert-invite';
import { InviteLifetime } from './invite-lifetime';
import {
  assertMayGrant,
  assertMayManageMembers,
  ADMIN,
  lastOwnerConflict,
  OWNER,
} from './member-roles';
import { MembershipEntity } from './membership.entity';

@Injectable()
export class MembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly messaging: MessagingClient,
    private readonly inviteLifetime: InviteLifetime,
  ) {}

  list(accountId: string): Promise<MemberResponseDto[]> {
    return this.dataSource.query(
      `SELECT m.account_id AS "organizationId", m.account_id AS "accountId", m.profile_id AS "userId",
              p.email, m.role, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
         FROM billing.memberships m JOIN billing.profiles p ON p.id = m.profile_id
        WHERE m.account_id = $1 ORDER BY m.created_at, m.profile_id`,
      [accountId],
    );
  }

  async invite(actor: MemberActor, request: InviteMemberDto): Promise<InviteResponseDto> {
    const role = request.role ?? ADMIN;
    assertMayGrant(actor, role);
    return insertInvite(this.dataSource.manager, this.inviteLifetime, {
      accountId: actor.accountId,
      email: request.email,
      role,
      invitedBy: actor.profileId,
    });
  }

  async updateRole(actor: MemberActor, userId: string, role: string): Promise<SuccessResponseDto> {
    assertMayGrant(actor, role);
    await this.dataSource.transaction(async (manager) => {
      const member = await this.memberOf(manager, actor.accountId, userId);
      if (member.role === OWNER && role !== OWNER)
        await this.assertAnotherOwner(manager, actor.accountId);
      if (member.role === OWNER && actor.role !== OWNER) assertMayGrant(actor, OWNER);
      await manager.update(
        MembershipEntity,
        { accountId: actor.accountId, profileId: userId },
        { role },
      );
    });
    this.accountChanged(actor.accountId);
    return { success: true };
  }

  async remove(actor: MemberActor, userId: string): Promise<SuccessResponseDto> {
    assertMayManageMembers(actor);
    await this.dataSource.transaction(async (manager) => {
      const member = await this.memberOf(manager, actor.accountId, userId);
      if (member.role === OWNER) {
        if (actor.role !== OWNER) assertMayGrant(actor, OWNER);
        await this.assertAnotherOwner(manager, actor.accountId);
      }
      await manager.delete(MembershipEntity, { accountId: actor.accountId, profileId: userId });
      await manager.query(
        'DELETE FROM billing.sessions WHERE account_id = $1 AND profile_id = $2',
        [actor.accountId, userId],
      );
    });
    this.accountChanged(actor.accountId);
    return { success: true };
  }

  private async memberOf(
    manager: EntityManager,
    accountId: string,
    userId: string,
  ): Promise<MembershipEntity> {
    const isUuid = /^[0-9a-f-]{36}$/i.test(userId);
    const member = isUuid
      ? await manager.findOneBy(MembershipEntity, { accountId, profileId: userId })
      : null;
    if (!member) throw new NotFoundError('The member', 'List the members with GET /members.');
    return member;
  }

  /** Locks the account's owners, so two demotions at once cannot leave it without one. */
  private async assertAnotherOwner(manager: EntityManager, accountId: string): Promise<void> {
    const owners: unknown[] = await manager.query(
      `SELECT profile_id FROM billing.memberships WHERE account_id = $1 AND role = $2 FOR UPDATE`,
      [accountId, OWNER],
    );
    if (owners.length <= 1) throw lastOwnerConflict();
  }

  /** Cached sessions carry the member's role; drop them. */
  private accountChanged(accountId: string): void {
    this.messaging.broadcast(Broadcasts.billingChanges, { kind: 'account-changed', accountId });
  }
}
