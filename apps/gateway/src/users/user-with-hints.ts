import { slackTokenWithHints, UserResponseDto } from '@clarion/contracts';

/**
 * A user as the API shows it: the Slack tokens as hints. Services pass users whole between them
 * (delivery-workers lists a user's Slack channels with the stored token); only answers hide it.
 */
export function userWithHints(user: UserResponseDto): UserResponseDto {
  return user.slackToken ? { ...user, slackToken: slackTokenWithHints(user.slackToken) } : user;
}
