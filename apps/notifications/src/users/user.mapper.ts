import { UserResponseDto } from '@clarion/contracts';
import { UserEntity } from './user.entity';

export function toUserResponse(user: UserEntity): UserResponseDto {
  return {
    id: user.id,
    ...(user.email !== null && { email: user.email }),
    ...(user.number !== null && { number: user.number }),
    pushTokens: user.pushTokens ?? [],
    webPushTokens: user.webPushTokens ?? [],
    ...(user.timezone !== null && { timezone: user.timezone }),
    ...(user.slackChannel !== null && { slackChannel: user.slackChannel }),
    ...(user.slackToken !== null && { slackToken: user.slackToken }),
    ...(user.lastSeenTime !== null && { lastSeenTime: user.lastSeenTime.toISOString() }),
    ...(user.emailSuppression !== null && {
      emailSuppressionStatus: {
        reason: user.emailSuppression.reason,
        details: user.emailSuppression.details,
      },
    }),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
