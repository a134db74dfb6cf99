import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';

export class VapidPublicKeyReply {
  publicKey!: string;
}

export class SlackChannelsRequest extends TenantScope {
  @IsString()
  @IsNotEmpty()
  userId!: string;
}

/** A Slack channel the user's token can post to. */
export class SlackChannelDto {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  isPrivate!: boolean;
}
