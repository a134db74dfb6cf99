import { ParsedMail } from 'mailparser';
import {
  addressOf,
  assignDefined,
  fieldBlocks,
  isReportOf,
  mtaNameOf,
  partText,
  ReportFields,
  returnedHeaders,
  valueOf,
} from './report-parts';

export const DSN_ACTIONS = ['failed', 'delayed', 'delivered', 'relayed', 'expanded'] as const;
export type DsnAction = (typeof DSN_ACTIONS)[number];

/** What a delivery status notification says of one recipient (RFC 3464 section 2.3). */
export interface RecipientStatus {
  /** The address only, lowercased, without its `rfc822;` type. */
  finalRecipient: string;
  originalRecipient?: string;
  action: DsnAction;
  /** The enhanced status code (RFC 3463), e.g. `5.1.1`. */
  status: string;
  /** As the report gives it, unfolded: `smtp; 550 5.1.1 <ada@example.com>: User unknown`. */
  diagnosticCode?: string;
  remoteMta?: string;
}

/** A delivery status notification (RFC 3464): a bounce, a delay warning or a success report. */
export interface DeliveryStatusReport {
  /** The ENVID we gave at MAIL FROM, when the MTA supports DSN and we gave one. */
  originalEnvelopeId?: string;
  reportingMta?: string;
  /** The Message-ID of the returned message, angle brackets as its header has them. */
  originalMessageId?: string;
  recipients: RecipientStatus[];
}

/**
 * Reads a multipart/report; report-type=delivery-status. Undefined for any other mail, so it can
 * be asked of whatever arrives; it never throws. Recipients without a Final-Recipient or a Status
 * are left out; an unknown Action is taken from the Status class (5 failed, 4 delayed, 2 delivered).
 * Parse the mail with REPORT_PARSER_OPTIONS so that the status part is kept as a part.
 */
export function readDeliveryStatusReport(mail: ParsedMail): DeliveryStatusReport | undefined {
  if (!isReportOf(mail, 'delivery-status')) return undefined;
  const statusText = partText(mail, 'message/delivery-status') ?? mail.text ?? '';
  const blocks = fieldBlocks(statusText);
  const perMessage = blocks.find(
    (block) => block.has('reporting-mta') || block.has('original-envelope-id'),
  );
  const recipients = blocks
    .filter((block) => block.has('final-recipient'))
    .map(recipientStatusOf)
    .filter((recipient): recipient is RecipientStatus => recipient !== undefined);
  const report: DeliveryStatusReport = { recipients };
  assignDefined(report, {
    originalEnvelopeId: valueOf(perMessage, 'original-envelope-id'),
    reportingMta: mtaNameOf(valueOf(perMessage, 'reporting-mta')),
    originalMessageId: valueOf(returnedHeaders(mail), 'message-id'),
  });
  return report;
}

function recipientStatusOf(fields: ReportFields): RecipientStatus | undefined {
  const finalRecipient = addressOf(valueOf(fields, 'final-recipient'));
  const status = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(valueOf(fields, 'status') ?? '')?.[1];
  if (finalRecipient === undefined || status === undefined) return undefined;
  const recipient: RecipientStatus = {
    finalRecipient,
    action: actionOf(valueOf(fields, 'action'), status),
    status,
  };
  return assignDefined(recipient, {
    originalRecipient: addressOf(valueOf(fields, 'original-recipient')),
    diagnosticCode: valueOf(fields, 'diagnostic-code'),
    remoteMta: mtaNameOf(valueOf(fields, 'remote-mta')),
  });
}

function actionOf(action: string | undefined, status: string): DsnAction {
  // "failed (bad destination mailbox address)": some MTAs add a comment.
  const named = action?.toLowerCase().split(/[\s(]/, 1)[0];
  const known = DSN_ACTIONS.find((candidate) => candidate === named);
  if (known) return known;
  return status.startsWith('5') ? 'failed' : status.startsWith('4') ? 'delayed' : 'delivered';
}
