import type { NodemailerError } from 'nodemailer';
import { FailedOutcome, RetryOutcome } from '../delivery/provider-outcome';
import { describeError } from '../delivery/describe-error';

/** The records.md email failed codes an SMTP rejection can map to. */
export type SmtpBounceCode =
  | 'UNVERIFIED_SENDER'
  | 'PERMANENT_GENERAL_BOUNCE'
  | 'PERMANENT_NO_EMAIL_BOUNCE'
  | 'TRANSIENT_MAILBOX_FULL_BOUNCE'
  | 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE'
  | 'TRANSIENT_CONTENT_REJECTED_BOUNCE';

/**
 * What to do after nodemailer failed to hand a message over. A permanent SMTP reply (5xx except
 * 503, RFC 5321) fails the message for good; 4xx, 503, lost connections, timeouts, DNS and
 * authentication failures (the relay's configuration, not the message) are retried.
 */
export function outcomeOfSmtpError(error: unknown): RetryOutcome | FailedOutcome {
  const smtp = (error ?? {}) as NodemailerError;
  const reason = smtp.response?.trim() || describeError(error);
  if (smtp.code === 'EMESSAGE' && smtp.responseCode === undefined && /size/i.test(reason)) {
    // Refused before sending because it exceeds the SIZE the server announced.
    return { status: 'failed', code: 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE', reason };
  }
  if (smtp.code === 'EENVELOPE' && smtp.responseCode === undefined) {
    // Refused by nodemailer before it reached the server: an address it cannot put on the wire.
    const code = /sender/i.test(reason) ? 'UNVERIFIED_SENDER' : 'PERMANENT_NO_EMAIL_BOUNCE';
    return { status: 'failed', code, reason };
  }
  const responseCode = smtp.responseCode;
  const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600;
  if (!permanent || responseCode === 503 || smtp.code === 'EAUTH') {
    return { status: 'retry', reason };
  }
  return { status: 'failed', code: bounceCodeOf(responseCode, reason, smtp.command), reason };
}

/**
 * Maps a 5xx reply onto the failed codes by its enhanced status code (RFC 3463) when it starts
 * with one, else by its basic code (see bounceCodeOfPermanentFailure).
 */
export function bounceCodeOf(
  responseCode: number,
  response: string,
  command?: string,
): SmtpBounceCode {
  const enhanced = /^\d{3}[ -](5\.\d{1,3}\.\d{1,3})\b/.exec(response.trim());
  return bounceCodeOfPermanentFailure({ responseCode, status: enhanced?.[1], command });
}

/** A permanent failure as an SMTP reply or a delivery status notification (RFC 3464) gives it. */
export interface PermanentFailure {
  /** The basic SMTP reply code (550), when known. */
  responseCode?: number;
  /** The enhanced status code (5.1.1), when known. */
  status?: string;
  /** The SMTP command it answered, when known (a DSN does not say). */
  command?: string;
}

/**
 * Maps a permanent failure onto the failed codes, preferring its enhanced status code. Shared by
 * replies at send time and bounce reports received later, so that both name a failure alike:
 * - refused at MAIL FROM: the relay will not send as our sender → UNVERIFIED_SENDER
 *   (unless it is about size, below);
 * - X.1.x addressing (5.1.1 no such user, 5.1.2 no such domain) → PERMANENT_NO_EMAIL_BOUNCE;
 * - 5.2.2 mailbox full → TRANSIENT_MAILBOX_FULL_BOUNCE;
 * - 5.2.3 / 5.3.4 and basic 552 (storage exceeded) → TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE;
 * - X.6.x media and X.7.x policy (spam, DMARC, blocklists) and basic 554 (transaction failed,
 *   most often a content or reputation refusal) → TRANSIENT_CONTENT_REJECTED_BOUNCE;
 * - basic 501/550/551/553 at RCPT TO (address syntax, mailbox unavailable, not local, name not
 *   allowed) → PERMANENT_NO_EMAIL_BOUNCE; anything else → PERMANENT_GENERAL_BOUNCE.
 */
export function bounceCodeOfPermanentFailure(failure: PermanentFailure): SmtpBounceCode {
  const { responseCode, command } = failure;
  const enhanced = /^\d\.(\d{1,3})\.(\d{1,3})$/.exec(failure.status?.trim() ?? '');
  const [subject, detail] = enhanced ? [Number(enhanced[1]), Number(enhanced[2])] : [];
  const tooLarge =
    responseCode === 552 || (subject === 2 && detail === 3) || (subject === 3 && detail === 4);
  if (command === 'MAIL FROM') {
    return tooLarge ? 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE' : 'UNVERIFIED_SENDER';
  }
  if (subject === 1) return 'PERMANENT_NO_EMAIL_BOUNCE';
  if (subject === 2 && detail === 2) return 'TRANSIENT_MAILBOX_FULL_BOUNCE';
  if (tooLarge) return 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE';
  if (subject === 6 || subject === 7 || responseCode === 554) {
    return 'TRANSIENT_CONTENT_REJECTED_BOUNCE';
  }
  if (
    responseCode !== undefined &&
    [501, 550, 551, 553].includes(responseCode) &&
    command === 'RCPT TO'
  ) {
    return 'PERMANENT_NO_EMAIL_BOUNCE';
  }
  return 'PERMANENT_GENERAL_BOUNCE';
}
