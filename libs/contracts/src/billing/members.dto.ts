import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/** A member of the account: an entry of GET /members (records.md GetMembersResponseInner). */
export class MemberResponseDto {
  @ApiProperty({ description: 'The accountId: every account is its own organization.' })
  organizationId!: string;

  @ApiProperty()
  accountId!: string;

  @ApiProperty({
    description: 'The member profile id (the userId of PATCH/DELETE /members/{userId}).',
  })
  userId!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ description: 'owner, admin or an identity-provider group role.' })
  role!: string;

  @ApiProperty()
  createdAt!: string;
}

/** Body of POST /members. */
export class InviteMemberDto {
  @ApiProperty({ example: 'grace@example.com' })
  @IsEmail()
  email!: string;

  @ApiPropertyOptional({ default: 'admin' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  role?: string;
}

/** Answer of POST /members (records.md InvitePostResponse: message; the rest is Clarion's). */
export class InviteResponseDto {
  @ApiProperty({ example: 'Invited grace@example.com as admin until 2026-03-08T10:00:00.000Z' })
  message!: string;

  @ApiProperty()
  inviteId!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  role!: string;

  @ApiProperty({
    description:
      'When the invitation can no longer be redeemed (ISO 8601); only this email may redeem it.',
  })
  expiresAt!: string;

  @ApiProperty({
    description: 'Give this to the invitee for POST /profile/accept_invite; shown once.',
  })
  token!: string;
}

/** Body of PATCH /members/{userId}. */
export class MemberUpdateDto {
  @ApiProperty({
    description: 'owner, admin, or an identity-provider group role.',
    example: 'admin',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  role!: string;
}

/** Body of POST /profile/accept_invite. */
export class AcceptInviteDto {
  @ApiProperty({ description: 'The token of the invitation.' })
  @IsString()
  @IsNotEmpty()
  token!: string;
}

export class AcceptInviteResponseDto {
  @ApiProperty()
  success!: boolean;

  @ApiProperty()
  accountId!: string;

  @ApiProperty()
  userExists!: boolean;

  @ApiPropertyOptional()
  inviteeEmail?: string;
}

/** Body of POST /profile/change-email. */
export class ChangeEmailDto {
  @ApiProperty({ example: 'ada.lovelace@example.com' })
  @IsEmail()
  newEmail!: string;
}

/** Body of DELETE /profile. */
export class DeleteProfileDto {
  @ApiPropertyOptional({ example: 'We moved to another provider.' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  reason?: string;
}

/** Who is acting: a member of an account, with their role there. */
export class MemberActor {
  @IsUUID()
  accountId!: string;

  @IsUUID()
  profileId!: string;

  @IsString()
  role!: string;
}

export class InviteMemberRequest {
  @ValidateNested()
  @Type(() => MemberActor)
  actor!: MemberActor;

  @ValidateNested()
  @Type(() => InviteMemberDto)
  invite!: InviteMemberDto;
}

export class UpdateMemberRequest {
  @ValidateNested()
  @Type(() => MemberActor)
  actor!: MemberActor;

  @IsString()
  userId!: string;

  @IsString()
  @IsNotEmpty()
  role!: string;
}

export class RemoveMemberRequest {
  @ValidateNested()
  @Type(() => MemberActor)
  actor!: MemberActor;

  @IsString()
  userId!: string;
}

export class AcceptInviteRequest {
  @IsUUID()
  profileId!: string;

  @IsString()
  @IsNotEmpty()
  token!: string;
}

export class ChangeEmailRequest {
  @IsUUID()
  profileId!: string;

  @IsEmail()
  newEmail!: string;
}
