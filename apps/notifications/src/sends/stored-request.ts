import { SendDto, SendRecipientDto, slackTokenWithHints } from '@clarion/contracts';

/**
 * The send request as the log record keeps it (`request`, which customers read back): as sent,
 * but a recipient's Slack tokens as hints.
 */
export function storedRequestOf(body: SendDto): string {
  return JSON.stringify({
    ...body,
    ...(body.to && { to: recipientWithHints(body.to) }),
    ...(body.user && { user: recipientWithHints(body.user) }),
  });
}

function recipientWithHints(recipient: SendRecipientDto): SendRecipientDto {
  return recipient.slackToken
    ? { ...recipient, slackToken: slackTokenWithHints(recipient.slackToken) }
    : recipient;
}
