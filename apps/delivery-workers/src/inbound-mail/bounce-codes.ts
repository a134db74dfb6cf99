import { bounceCodeOfPermanentFailure, SmtpBounceCode } from '../email/smtp-failure';

/** The records.md email failed codes a bounce (at send time or reported later) can have. */
export type EmailBounceCode = SmtpBounceCode | 'TRANSIENT_GENERAL_BOUNCE' | 'UNDETERMINED_BOUNCE';

/** The records.md email failed codes of a complaint (RFC 5965 Feedback-Type). */
export type EmailComplaintCode =
  | 'COMPLAINT_ABUSE'
  | 'COMPLAINT_FRAUD'
  | 'COMPLAINT_VIRUS'
  | 'COMPLAINT_OTHER'
  | 'COMPLAINT_NOT_SPAM'
  | 'COMPLAINT_AUTH';

/** The Feedback-Type values of RFC 5965 (and RFC 6591's auth-failure) a report can carry. */
export type FeedbackType = 'abuse' | 'fraud' | 'virus' | 'other' | 'not-spam' | 'auth-failure';

/**
 * The failed code of a recipient's Status in a delivery status notification (RFC 3464). A
 * permanent one (5.x.x) is named as a 5xx reply at send time is (bounceCodeOfPermanentFailure),
 * using the basic code of an SMTP Diagnostic-Code (`smtp; 550 5.1.1 ...`) when there is one; a
 * transient one (4.x.x) is TRANSIENT_GENERAL_BOUNCE; anything else is UNDETERMINED_BOUNCE.
 */
export function emailFailedCodeOfStatus(status: string, diagnosticCode?: string): EmailBounceCode {
  const statusClass = /^([245])\.\d{1,3}\.\d{1,3}$/.exec(status.trim())?.[1];
  if (statusClass === '4') return 'TRANSIENT_GENERAL_BOUNCE';
  if (statusClass !== '5') return 'UNDETERMINED_BOUNCE';
  const basic = /^\s*smtp\s*;\s*(5\d\d)\b/i.exec(diagnosticCode ?? '')?.[1];
  return bounceCodeOfPermanentFailure({
    status,
    responseCode: basic === undefined ? undefined : Number(basic),
  });
}

const COMPLAINT_CODES: Record<FeedbackType, EmailComplaintCode> = {
  abuse: 'COMPLAINT_ABUSE',
  fraud: 'COMPLAINT_FRAUD',
  virus: 'COMPLAINT_VIRUS',
  other: 'COMPLAINT_OTHER',
  'not-spam': 'COMPLAINT_NOT_SPAM',
  'auth-failure': 'COMPLAINT_AUTH',
};

/** The failed code of a complaint report. */
export function complaintCodeOf(feedbackType: FeedbackType): EmailComplaintCode {
  return COMPLAINT_CODES[feedbackType];
}

/** How a bounce suppresses the user's email: `retryable` ones are cleared in bulk by the customer. */
export interface BounceSuppression {
  retryable: boolean;
}

/**
 * Whether a bounce suppresses email to the user, and how. A permanent failure of the address
 * suppresses it for good; a full mailbox, a message too large, rejected content or a transient
 * failure suppress it retryably. A bounce caused by our configuration (sender not verified) or
 * by the send itself (an attachment, a missing field) says nothing about the address and
 * suppresses nothing, nor does one whose cause is unknown.
 */
export function suppressionOfBounce(code: string): BounceSuppression | undefined {
  if (code.startsWith('PERMANENT_')) return { retryable: false };
  switch (code) {
    case 'TRANSIENT_MAILBOX_FULL_BOUNCE':
    case 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE':
    case 'TRANSIENT_CONTENT_REJECTED_BOUNCE':
    case 'TRANSIENT_GENERAL_BOUNCE':
      return { retryable: true };
    default:
      return undefined;
  }
}
