import { ParsedMail } from 'mailparser';
import { FeedbackType } from './bounce-codes';
import {
  addressOf,
  assignDefined,
  fieldBlocks,
  isReportOf,
  partText,
  returnedHeaders,
  valueOf,
} from './report-parts';

const FEEDBACK_TYPES: readonly FeedbackType[] = [
  'abuse',
  'fraud',
  'virus',
  'other',
  'not-spam',
  'auth-failure',
];

/** A complaint (RFC 5965 Abuse Reporting Format): a recipient marked our message as spam. */
export interface FeedbackReport {
  /** An unknown type is `other`. */
  feedbackType: FeedbackType;
  userAgent?: string;
  /** Original-Rcpt-To: the recipient who complained, lowercased (providers often redact it). */
  originalRecipient?: string;
  originalMailFrom?: string;
  arrivalDate?: string;
  /** The Message-ID of the reported message, angle brackets as its header has them. */
  originalMessageId?: string;
  reportedDomain?: string;
}

/**
 * Reads a multipart/report; report-type=feedback-report. Undefined for any other mail or one
 * without its message/feedback-report part; it never throws. The reported message's Message-ID
 * is read when mailparser keeps it as a part: text/rfc822-headers, or message/rfc822 without
 * `Content-Disposition: inline` (an inline one is parsed into the text and its id is lost).
 */
export function readFeedbackReport(mail: ParsedMail): FeedbackReport | undefined {
  if (!isReportOf(mail, 'feedback-report')) return undefined;
  const text = partText(mail, 'message/feedback-report');
  if (text === undefined) return undefined;
  const [fields] = fieldBlocks(text);
  const type = valueOf(fields, 'feedback-type')?.toLowerCase();
  const report: FeedbackReport = {
    feedbackType: FEEDBACK_TYPES.find((known) => known === type) ?? 'other',
  };
  return assignDefined(report, {
    userAgent: valueOf(fields, 'user-agent'),
    originalRecipient: addressOf(valueOf(fields, 'original-rcpt-to')),
    originalMailFrom: addressOf(valueOf(fields, 'original-mail-from')),
    arrivalDate: valueOf(fields, 'arrival-date') ?? valueOf(fields, 'received-date'),
    originalMessageId: valueOf(returnedHeaders(mail), 'message-id'),
    reportedDomain: valueOf(fields, 'reported-domain'),
  });
}
