import { convert } from 'html-to-text';
import type { Attachment, SendMailOptions } from 'nodemailer';
import { EmailDeliveryJob } from '@clarion/contracts';
import { AttemptContext } from '../delivery/provider-outcome';
import { SigningDomain } from '../sender-domains/signing-domains';
import { EmailConfig } from './email-config';
import { resolveEmailSender } from './email-sender';
import { applyEmailTracking, replaceUnsubscribePlaceholder } from './email-tracking';
import { emailTrackingPlan } from './email-tracking-plan';
import { bounceDomainOf, messageTokenOf, returnPathOf } from './return-path';

/** A message ready for the SMTP transport, and what the sent log step should say about it. */
export interface EmailMessage {
  message: SendMailOptions & { messageId: string };
  /** Why the requested sender was replaced by the default one (`email_sent_from_fallback`). */
  fromFallback?: string;
}

/**
 * Builds one email of a delivery job. The Message-ID derives from the attempt's idempotency key,
 * so a resend after a crash carries the same Message-ID and receivers can drop the duplicate. Its
 * return path names the message too (VERP), and it asks relays that offer DSN (RFC 3461) for a
 * report of delivery, delay and failure, which come back to Clarion's SMTP listener.
 */
export function buildEmailMessage(
  job: EmailDeliveryJob,
  ctx: AttemptContext,
  config: EmailConfig,
  attachments: Attachment[],
  signing: SigningDomain[] = [],
): EmailMessage {
  const sender = resolveEmailSender(job, config, signing);
  const tracking = emailTrackingPlan(job, config);
  const options = job.options?.email;
  const token = messageTokenOf(ctx.idempotencyKey);
  const messageId = `<${token}@${sender.domain}>`;
  const recipient = job.recipient.email ?? '';
  const message: EmailMessage['message'] = {
    messageId,
    from: sender.name ? { name: sender.name, address: sender.address } : sender.address,
    // An address object: a string would be parsed, and `a b@c.d` would go to b@c.d.
    to: { name: '', address: recipient },
    cc: options?.ccAddresses,
    bcc: options?.bccAddresses,
    replyTo: options?.replyToAddresses,
    subject: job.content.subject,
    html: applyEmailTracking(job.content.html, tracking),
    text: textAlternativeOf(
      replaceUnsubscribePlaceholder(job.content.html, tracking.unsubscribeUrl),
    ),
    headers: {
      // RFC 2369 and RFC 8058: mail clients offer a one-click unsubscribe (a POST to the URL).
      'List-Unsubscribe': `<${tracking.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Clarion-Tracking-Id': job.trackingId,
    },
    attachments,
    // The recipients exactly as the headers name them; only the return path differs.
    envelope: {
      from: returnPathOf(token, bounceDomainOf(sender.signedBy, config.returnPathHost)),
      to: { name: '', address: recipient },
      cc: options?.ccAddresses,
      bcc: options?.bccAddresses,
    },
    dsn: { id: token, return: 'headers', notify: ['success', 'failure', 'delay'] },
    ...(sender.signedBy && {
      dkim: {
        domainName: sender.signedBy.domain,
        keySelector: sender.signedBy.selector,
        privateKey: sender.signedBy.privateKeyPem,
      },
    }),
  };
  return { message, fromFallback: sender.fallback };
}

/** The plain-text part: the untracked HTML as text, images left out. */
function textAlternativeOf(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
}
