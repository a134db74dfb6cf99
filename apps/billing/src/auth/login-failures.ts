import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError, ErrorCode } from '@clarion/contracts';
import { Repository } from 'typeorm';
import { ProfileEntity } from '../members/profile.entity';

/** Failed sign-ins or MFA codes in a row before the profile is locked for a while. */
const MAX_FAILURES = 5;
const LOCK_MS = 15 * 60 * 1000;

/** Counts failed password and code attempts per profile and locks it after too many. */
@Injectable()
export class LoginFailures {
  constructor(
    @InjectRepository(ProfileEntity) private readonly profiles: Repository<ProfileEntity>,
  ) {}

  /** Refuses a locked profile with the seconds until its lock ends (the gateway's Retry-After). */
  assertNotLocked(profile: ProfileEntity): void {
    const lockedForMs = (profile.lockedUntil?.getTime() ?? 0) - Date.now();
    if (lockedForMs > 0) {
      throw new DomainError(
        ErrorCode.RATE_LIMITED,
        'Too many failed attempts for this profile',
        `Try again after ${profile.lockedUntil?.toISOString()}.`,
        Math.ceil(lockedForMs / 1000),
      );
    }
  }

  async record(profile: ProfileEntity): Promise<void> {
    const failures = profile.failedLogins + 1;
    const locked = failures >= MAX_FAILURES;
    await this.profiles.update(
      { id: profile.id },
      {
        failedLogins: locked ? 0 : failures,
        lockedUntil: locked ? new Date(Date.now() + LOCK_MS) : profile.lockedUntil,
      },
    );
  }

  async reset(profile: ProfileEntity): Promise<void> {
    await this.profiles.update({ id: profile.id }, { failedLogins: 0, lockedUntil: null });
  }
}
