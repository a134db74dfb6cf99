import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';

/** Body of POST /auth/login. */
export class LoginDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsEmail()
  email!: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password!: string;

  @ApiPropertyOptional({ description: 'Current TOTP code; required when MFA is on.' })
  @IsOptional()
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits of your authenticator app' })
  code?: string;

  @ApiPropertyOptional({
    description: 'Account to act on; the first one of the member when omitted.',
  })
  @IsOptional()
  @IsUUID()
  accountId?: string;
}

export class LoginResponseDto {
  @ApiProperty({ description: 'Session token: Authorization: Bearer <token>.' })
  token!: string;

  @ApiProperty()
  expiresAt!: string;
}

export class ResolveSessionRequest {
  /** Hex SHA-256 of the presented session token. */
  @Matches(/^[0-9a-f]{64}$/)
  tokenHash!: string;
}
