import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PushTokenDto } from './push-token.dto';
import { WebPushTokenDto } from './web-push-token.dto';

/** A user as the API answers it (spec 2.6). */
export class UserResponseDto {
  @ApiProperty()
  id!: string;

  @ApiPropertyOptional()
  email?: string;

  @ApiPropertyOptional()
  number?: string;

  @ApiPropertyOptional({ type: [PushTokenDto] })
  pushTokens?: PushTokenDto[];

  @ApiPropertyOptional({ type: [WebPushTokenDto] })
  webPushTokens?: WebPushTokenDto[];

  @ApiPropertyOptional()
  timezone?: string;

  @ApiPropertyOptional()
  slackChannel?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  slackToken?: Record<string, unknown>;

  @ApiPropertyOptional()
  lastSeenTime?: string;

  @ApiPropertyOptional()
  updatedAt?: string;

  @ApiPropertyOptional()
  createdAt?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  emailSuppressionStatus?: Record<string, unknown>;
}
