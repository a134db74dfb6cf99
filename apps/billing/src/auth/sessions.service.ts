import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DomainError,
  ErrorCode,
  ForbiddenError,
  LoginDto,
  LoginResponseDto,
  newTimeOrderedId,
  Principal,
  UnauthorizedError,
} from '@clarion/contracts';
import { DataSource, Repository } from 'typeorm';
import { AutoJoinService } from '../members/auto-join.service';
import { ProfileEntity } from '../members/profile.entity';
import { LoginFailures } from './login-failures';
import { hashPassword, verifyPassword } from './password-hash';
import { DeploymentRegion } from '../regions/deployment-region';
import { hashSessionToken, newSessionToken, SESSION_LIFETIME_MS } from './session-token';
import { SessionEntity } from './session.entity';
import { isValidTotpCode } from './totp';

interface SessionRow {
  accountId: string;
  envId: string;
  clientId: string;
  accountStatus: Principal['accountStatus'];
  usageLimited: boolean;
  profileId: string;
  role: string;
}

@Injectable()
export class SessionsService {
  /** Compared against when the email is unknown, so that both cases take as long; made on first use. */
  private decoyHash?: Promise<string>;

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ProfileEntity) private readonly profiles: Repository<ProfileEntity>,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly failures: LoginFailures,
    private readonly autoJoin: AutoJoinService,
    private readonly region: DeploymentRegion,
  ) {}

  async login(request: LoginDto): Promise<LoginResponseDto> {
    const profile = await this.profiles.findOneBy({ email: request.email.trim().toLowerCase() });
    if (profile) this.failures.assertNotLocked(profile);
    const passwordMatches = await verifyPassword(
      request.password,
      profile?.passwordHash ?? (await (this.decoyHash ??= hashPassword('decoy password'))),
    );
    if (!profile || !profile.passwordHash || !passwordMatches) {
      if (profile) await this.failures.record(profile);
      throw new UnauthorizedError('The email or the password is wrong');
    }
    if (profile.mfaEnabled && profile.mfaSecret) {
      if (!request.code) {
        throw new DomainError(
          ErrorCode.MFA_REQUIRED,
          'This profile has MFA on; a code is required',
          'Send the 6-digit code of your authenticator app as code.',
        );
      }
      if (!isValidTotpCode(profile.mfaSecret, request.code)) {
        await this.failures.record(profile);
        throw new DomainError(
          ErrorCode.MFA_CODE_INVALID,
          'The MFA code is not valid',
          'Use the current code of your authenticator app.',
        );
      }
    }
    const accountId = await this.accountToActOn(profile, request.accountId);
    await this.failures.reset(profile);
    const token = newSessionToken(this.region.id);
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    await this.sessions.insert({
      id: newTimeOrderedId(),
      profileId: profile.id,
      accountId,
      tokenHash: hashSessionToken(token),
      expiresAt,
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** The member and account a live session speaks for; the default environment of the account. */
  async resolve(tokenHash: string): Promise<Principal> {
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT s.account_id AS "accountId", s.profile_id AS "profileId", m.role,
              a.status AS "accountStatus", a.usage_limited AS "usageLimited", e.id AS "envId", e.client_id AS "clientId"
         FROM billing.sessions s
         JOIN billing.memberships m ON m.account_id = s.account_id AND m.profile_id = s.profile_id
         JOIN billing.accounts a ON a.id = s.account_id
         JOIN LATERAL (SELECT id, client_id FROM billing.environments
                        WHERE account_id = s.account_id ORDER BY created_at, id LIMIT 1) e ON true
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row)
      throw new UnauthorizedError(
        'The session is not valid or has expired',
        'Sign in again with POST /auth/login.',
      );
    const { profileId, role, ...principal } = row;
    return { ...principal, member: { profileId, role } };
  }

  /** The requested account, which someone of one of its auto-join domains joins by signing in. */
  private async accountToActOn(profile: { id: string }, requested?: string): Promise<string> {
    const rows: { accountId: string }[] = await this.dataSource.query(
      `SELECT account_id AS "accountId" FROM billing.memberships
        WHERE profile_id = $1 AND ($2::uuid IS NULL OR account_id = $2::uuid)
        ORDER BY created_at, account_id LIMIT 1`,
      [profile.id, requested ?? null],
    );
    if (rows[0]) return rows[0].accountId;
    if (requested && (await this.autoJoin.joinByDomain(profile.id, requested))) return requested;
    throw new ForbiddenError('This profile is not a member of that account');
  }
}
