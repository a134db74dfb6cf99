import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DomainError,
  ErrorCode,
  MfaSetupResponseDto,
  MfaStatusResponseDto,
  NotFoundError,
  SuccessResponseDto,
} from '@clarion/contracts';
import { Repository } from 'typeorm';
import { LoginFailures } from '../auth/login-failures';
import { isValidTotpCode, newTotpSecret, totpFor } from '../auth/totp';
import { ProfileEntity } from '../members/profile.entity';

/**
 * TOTP MFA of a member's profile. Setup stores a pending secret; only a valid current code from
 * it (with the setup's session, which is bound to that secret) turns MFA on.
 */
@Injectable()
export class MfaService {
  constructor(
    @InjectRepository(ProfileEntity) private readonly profiles: Repository<ProfileEntity>,
    private readonly failures: LoginFailures,
  ) {}

  async status(profileId: string): Promise<MfaStatusResponseDto> {
    const profile = await this.profileOf(profileId);
    return profile.mfaEnabled
      ? { enabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA', available: true }
      : { enabled: false, available: true };
  }

  async setup(profileId: string): Promise<MfaSetupResponseDto> {
    const profile = await this.profileOf(profileId);
    if (profile.mfaEnabled) {
      throw new DomainError(
        ErrorCode.CONFLICT,
        'MFA is already on for this profile',
        'Disable it first to set up a new device.',
      );
    }
    const secret = newTotpSecret();
    await this.profiles.update({ id: profile.id }, { mfaSecret: secret });
    return {
      secretCode: secret,
      qrCodeUri: totpFor(secret, profile.email).toString(),
      session: setupSession(secret, profile.id),
    };
  }

  async verify(profileId: string, code: string, session: string): Promise<SuccessResponseDto> {
    const profile = await this.profileOf(profileId);
    this.failures.assertNotLocked(profile);
    const secret = profile.mfaSecret;
    if (!secret || profile.mfaEnabled || !sameText(setupSession(secret, profile.id), session)) {
      throw new DomainError(
        ErrorCode.VALIDATION_FAILED,
        'The MFA setup session is not valid',
        'Start again with POST /profile/mfa.',
      );
    }
    if (!isValidTotpCode(secret, code)) {
      await this.failures.record(profile);
      throw new DomainError(
        ErrorCode.MFA_CODE_INVALID,
        'The code is not valid',
        'Use the current code of your authenticator app.',
      );
    }
    await this.profiles.update({ id: profile.id }, { mfaEnabled: true, failedLogins: 0 });
    return { success: true };
  }

  async disable(profileId: string): Promise<SuccessResponseDto> {
    await this.profileOf(profileId);
    await this.profiles.update({ id: profileId }, { mfaEnabled: false, mfaSecret: null });
    return { success: true };
  }

  private async profileOf(profileId: string): Promise<ProfileEntity> {
    const profile = await this.profiles.findOneBy({ id: profileId });
    if (!profile) throw new NotFoundError('The profile');
    return profile;
  }
}

/** Binds a setup to its pending secret: a later setup invalidates earlier sessions. */
function setupSession(secret: string, profileId: string): string {
  return createHmac('sha256', secret).update(`mfa-setup:${profileId}`).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
