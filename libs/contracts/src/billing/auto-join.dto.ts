import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsFQDN, ValidateNested } from 'class-validator';
import { MemberActor } from './members.dto';

export const MAX_AUTO_JOIN_DOMAINS = 20;

/** Body of POST /members/autojoin (records.md AutoJoinRequestBody). */
export class AutoJoinDto {
  @ApiProperty({
    type: [String],
    example: ['example.com'],
    description:
      'Email domains whose people join the account as members when they sign in to it; ' +
      'replaces the list.',
  })
  @IsArray()
  @ArrayMaxSize(MAX_AUTO_JOIN_DOMAINS)
  @IsFQDN({}, { each: true, message: 'each of domains must be a domain name, like example.com' })
  domains!: string[];
}

/** GET and POST /members/autojoin (records.md AutoJoinGetResponse, AutoJoinPostResponse). */
export class AutoJoinResponseDto {
  @ApiProperty({ description: 'The accountId: every account is its own organization.' })
  organizationId!: string;

  @ApiProperty({ type: [String], description: 'Lowercase, without duplicates.' })
  domains!: string[];
}

export class SetAutoJoinRequest {
  @ValidateNested()
  @Type(() => MemberActor)
  actor!: MemberActor;

  @ValidateNested()
  @Type(() => AutoJoinDto)
  autoJoin!: AutoJoinDto;
}
