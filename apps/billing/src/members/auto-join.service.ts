import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AutoJoinResponseDto, MemberActor, NotFoundError } from '@clarion/contracts';
import { DataSource, Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { organizationIdOf } from '../accounts/account.mapper';
import { assertMayManageAccount, MEMBER } from './member-roles';

/**
 * Auto-join domains (the hosted service's members autojoin): people whose email is on one of an
 * account's domains join it as members by signing in to it, without an invitation.
 */
@Injectable()
export class AutoJoinService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
  ) {}

  async get(accountId: string): Promise<AutoJoinResponseDto> {
    const account = await this.accounts.findOneBy({ id: accountId });
    if (!account) throw new NotFoundError('The account');
    return { organizationId: organizationIdOf(account), domains: account.autoJoinDomains };
  }

  /** Replaces the domains; owners and admins only. */
  async set(actor: MemberActor, domains: string[]): Promise<AutoJoinResponseDto> {
    assertMayManageAccount(actor);
    const normalized = [...new Set(domains.map((domain) => domain.trim().toLowerCase()))];
    await this.accounts.update({ id: actor.accountId }, { autoJoinDomains: normalized });
    return this.get(actor.accountId);
  }

  /**
   * Makes the profile a member of the account when its email is on one of the account's auto-join
   * domains and is the one the operator created it with (a changed email is unproven); tells
   * whether it did.
   */
  async joinByDomain(profileId: string, accountId: string): Promise<boolean> {
    const joined: unknown[] = await this.dataSource.query(
      `INSERT INTO billing.memberships (account_id, profile_id, role)
       SELECT a.id, p.id, $3 FROM billing.accounts a, billing.profiles p
        WHERE a.id = $1 AND p.id = $2 AND p.email_vouched
          AND split_part(p.email, '@', 2) = ANY (a.auto_join_domains)
       ON CONFLICT DO NOTHING RETURNING account_id`,
      [accountId, profileId, MEMBER],
    );
    return joined.length > 0;
  }
}
