import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, IsUUID, Matches } from 'class-validator';

export const MFA_TYPES = ['SOFTWARE_TOKEN_MFA'] as const;
export type MfaType = (typeof MFA_TYPES)[number];

/** Body of POST /profile/mfa. */
export class MfaSetupDto {
  @ApiProperty({ enum: MFA_TYPES })
  @IsIn(MFA_TYPES)
  type!: MfaType;
}

export class MfaSetupResponseDto {
  @ApiProperty({ description: 'Base32 secret, for typing into an authenticator app.' })
  secretCode!: string;

  @ApiProperty({ description: 'otpauth:// URI, for a QR code.' })
  qrCodeUri!: string;

  @ApiProperty({ description: 'Pass back to POST /profile/mfa/verify.' })
  session!: string;
}

/** Body of POST /profile/mfa/verify. */
export class MfaVerifyDto {
  @ApiProperty({ enum: MFA_TYPES })
  @IsIn(MFA_TYPES)
  type!: MfaType;

  @ApiProperty({ description: 'Current code of the authenticator app.', example: '123456' })
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits of your authenticator app' })
  code!: string;

  @ApiProperty({ description: 'The session of the POST /profile/mfa answer.' })
  @IsString()
  @IsNotEmpty()
  session!: string;
}

export class MfaStatusResponseDto {
  @ApiProperty()
  enabled!: boolean;

  @ApiPropertyOptional({ enum: MFA_TYPES })
  preferredMfa?: MfaType;

  @ApiProperty({ description: 'Whether MFA can be turned on for this profile.' })
  available!: boolean;
}

export class SuccessResponseDto {
  @ApiProperty()
  success!: boolean;
}

export class MfaVerifyRequest extends MfaVerifyDto {
  @IsUUID()
  profileId!: string;
}

export class MfaDisableRequest {
  @IsUUID()
  profileId!: string;

  @IsIn(MFA_TYPES)
  type!: MfaType;
}
