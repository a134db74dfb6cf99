import { createTransport } from 'nodemailer';
import { ReceivedEmail } from './smtp-peer';

/** What a reporting mail server says of one recipient (RFC 3464 section 2.3). */
export interface RecipientReport {
  action: 'failed' | 'delayed' | 'delivered';
  /** Enhanced status code, e.g. `5.1.1`. */
  status: string;
  /** e.g. `smtp; 550 5.1.1 <ada@example.org>: Recipient address rejected: User unknown`. */
  diagnosticCode?: string;
}

const REPORTING_MTA = 'mx.relay.test';

/**
 * The delivery status notification a relay like Postfix sends to a message's return path:
 * multipart/report with a human part, message/delivery-status, and the returned headers.
 */
export function deliveryStatusNotification(
  original: ReceivedEmail,
  recipient: string,
  report: RecipientReport,
): string {
  const boundary = `dsn-${Math.random().toString(36).slice(2)}`;
  const subject =
    report.action === 'delivered'
      ? 'Successful Mail Delivery Report'
      : report.action === 'delayed'
        ? 'Delayed Mail (still being retried)'
        : 'Undelivered Mail Returned to Sender';
  return [
    `From: MAILER-DAEMON@${REPORTING_MTA} (Mail Delivery System)`,
    `To: ${original.envelope.from}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${boundary}@${REPORTING_MTA}>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status;`,
    `\tboundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `This is the mail system at host ${REPORTING_MTA}.`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    `Reporting-MTA: dns; ${REPORTING_MTA}`,
    ...(original.envelope.dsn.envid
      ? [`Original-Envelope-Id: ${original.envelope.dsn.envid}`]
      : []),
    `Arrival-Date: ${new Date().toUTCString()}`,
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${report.action}`,
    `Status: ${report.status}`,
    `Remote-MTA: dns; mx.${recipient.split('@')[1] ?? 'example.org'}`,
    ...(report.diagnosticCode ? [`Diagnostic-Code: ${report.diagnosticCode}`] : []),
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    headersOf(original.raw),
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A complaint (RFC 5965 ARF) as a mailbox provider's feedback loop sends it. */
export function abuseReport(
  original: ReceivedEmail,
  feedbackType: 'abuse' | 'fraud' | 'virus' | 'other' | 'not-spam' = 'abuse',
): string {
  const boundary = `arf-${Math.random().toString(36).slice(2)}`;
  return [
    'From: <fbl@mailbox.test>',
    `To: ${original.envelope.from}`,
    'Subject: FW: complaint about a message',
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${boundary}@mailbox.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report for an email message received from a sender you serve.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${feedbackType}`,
    'User-Agent: MailboxFBL/1.0',
    'Version: 1',
    `Original-Mail-From: <${original.envelope.from}>`,
    `Original-Rcpt-To: <${original.envelope.to[0] ?? ''}>`,
    `Arrival-Date: ${new Date().toUTCString()}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    headersOf(original.raw),
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * Hands a message to an SMTP server (Clarion's listener) as another mail server would: rejects
 * (a 5xx at RCPT TO or DATA) come back as a thrown error with `responseCode`. With
 * `retryTransientForMs`, a transient refusal (a 4xx) is tried again every quarter second for that
 * long, as a mail server keeps a message queued, and then thrown likewise.
 */
export async function deliverMail(
  port: number,
  envelope: { from: string; to: string[] },
  raw: string | Buffer,
  { retryTransientForMs = 0 } = {},
): Promise<string> {
  const deadline = Date.now() + retryTransientForMs;
  for (;;) {
    try {
      return await handOver(port, envelope, raw);
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      const transient = typeof code === 'number' && code >= 400 && code < 500;
      if (!transient || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function handOver(
  port: number,
  envelope: { from: string; to: string[] },
  raw: string | Buffer,
): Promise<string> {
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return info.response;
  } finally {
    transport.close();
  }
}

function headersOf(raw: Buffer): string {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  return (end === -1 ? text : text.slice(0, end)).replace(/\r?\n/g, '\r\n');
}
