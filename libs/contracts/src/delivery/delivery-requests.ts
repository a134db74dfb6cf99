import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUrl } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';

export class VapidPublicKeyReply {
  publicKey!: string;
}

export class SlackChannelsRequest extends TenantScope {
  @IsString()
  @IsNotEmpty()
  userId!: string;
}

/**
 * Body of POST /users/{userId}/slack-oauth (the hosted service's SlackOauthRequest): the code
 * Slack's "Add to Slack" redirected the user's browser with, and the redirect_uri it was for.
 */
export class SlackOauthDto {
  @ApiProperty({ description: 'The code parameter Slack redirected with (single use).' })
  @IsString()
  @IsNotEmpty()
  code!: string;

  @ApiProperty({
    description: 'The redirect_uri of the authorization request, exactly as it was sent.',
    example: 'https://app.example.com/slack/callback',
  })
  @IsUrl({ require_protocol: true, require_tld: false })
  redirect_uri!: string;
}

/** Trade a code for the user's Slack token and store it on the user. */
export class ConnectSlackRequest extends SlackChannelsRequest {
  @IsString()
  @IsNotEmpty()
  code!: string;

  @IsString()
  @IsNotEmpty()
  redirectUri!: string;
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
