import { Channel, SuppressionReason, TemplateContent } from '@clarion/contracts';
import { StoredRecipient } from '../users/users.repository';

export interface Undeliverable {
  failedCode: string;
  internal: string;
}

/** Why a channel cannot reach the recipient (no address, suppressed, nothing to say), if so. */
export function undeliverable(
  channel: Channel,
  recipient: StoredRecipient,
  content: TemplateContent,
): Undeliverable | undefined {
  switch (channel) {
    case Channel.EMAIL:
      if (!recipient.email) return missing('MISSING_EMAIL_RECIPIENT', 'email address');
      if (recipient.emailSuppression) {
        const complaint = recipient.emailSuppression.reason === SuppressionReason.COMPLAINT;
        return {
          failedCode: complaint ? 'SUPPRESSED_COMPLAINT' : 'SUPPRESSED_BOUNCE',
          internal: `email to this user is suppressed (${recipient.emailSuppression.reason})`,
        };
      }
      return undefined;
    case Channel.SMS:
      if (!recipient.number) return missing('MISSING_SMS_RECIPIENT', 'phone number');
      if (recipient.smsOptOut) return optedOut(recipient.smsOptOut);
      if (!content['message'] && !hasItems(content['mediaUrls'])) {
        return { failedCode: 'MISSING_SMS_MESSAGE', internal: 'the SMS has no message or media' };
      }
      return undefined;
    case Channel.CALL:
    case Channel.VOICE:
      if (!recipient.number) return missing('NO_ADDRESS', 'phone number');
      return recipient.smsOptOut ? optedOut(recipient.smsOptOut) : undefined;
    case Channel.PUSH:
      return hasItems(recipient.pushTokens) ? undefined : missing('UNKNOWN', 'mobile push tokens');
    case Channel.WEB_PUSH:
      return hasItems(recipient.webPushTokens)
        ? undefined
        : missing('NO_ADDRESS', 'web push tokens');
    case Channel.SLACK:
      return recipient.slackChannel && recipient.slackToken
        ? undefined
        : missing('NO_ADDRESS', 'Slack channel and token');
    case Channel.INAPP_WEB:
      return undefined;
  }
}

/** Twilio's 21610: the number unsubscribed by texting a stop keyword. */
function optedOut(keyword: string): Undeliverable {
  return {
    failedCode: '21610',
    internal: `the number texted ${keyword} and gets no SMS or calls until it texts START`,
  };
}

function missing(failedCode: string, what: string): Undeliverable {
  return { failedCode, internal: `the user has no ${what}` };
}

function hasItems(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}
