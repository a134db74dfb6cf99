import { createTransport } from 'nodemailer';
import type { NodemailerError, SMTPPoolSentMessageInfo, Transporter } from 'nodemailer';
import { EmailDeliveryJob } from '@clarion/contracts';
import { inClientSpan } from '@clarion/observability';
import { GuardedFetch } from '@clarion/outbound';
import { AttemptContext, FailedOutcome, ProviderOutcome } from '../delivery/provider-outcome';
import { SigningDomain } from '../sender-domains/signing-domains';
import { EmailAttachmentError } from './email-attachment-error';
import { loadEmailAttachments } from './email-attachments';
import { EmailConfig } from './email-config';
import { buildEmailMessage } from './email-message';
import { outcomeOfSmtpError } from './smtp-failure';

const CONNECTION_TIMEOUT_MS = 30_000;
const GREETING_TIMEOUT_MS = 30_000;
const SOCKET_IDLE_TIMEOUT_MS = 120_000;

/**
 * Sends emails through one SMTP relay over a pool of connections. Acceptance by the relay is
 * reported as sent, not delivered: delivery (or a bounce) is only known later.
 */
export class SmtpEmailAdapter {
  readonly provider = 'smtp' as const;
  private readonly transport: Transporter<SMTPPoolSentMessageInfo>;
  /** The relay's host name, for traces (never its credentials). */
  private readonly relayHost: string;

  constructor(
    private readonly config: EmailConfig,
    private readonly fetch: GuardedFetch,
  ) {
    this.relayHost = hostOf(config.smtpUrl);
    this.transport = createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: config.maxConnections,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
      // Attachments arrive as bytes: nodemailer itself must never read files or URLs.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    // A broken pooled connection also fails the send that used it, which reports it.
    this.transport.on('error', () => undefined);
  }

  async send(
    job: EmailDeliveryJob,
    ctx: AttemptContext,
    signing: SigningDomain[] = [],
  ): Promise<ProviderOutcome> {
    const missing = missingPartOf(job);
    if (missing) return missing;
    let attachments;
    try {
      attachments = await loadEmailAttachments(job.options?.email?.attachments, this.fetch);
    } catch (error) {
      return outcomeOfAttachmentError(error);
    }
    const { message, fromFallback } = buildEmailMessage(
      job,
      ctx,
      this.config,
      attachments,
      signing,
    );
    try {
      const info = await inClientSpan('smtp send', { 'server.address': this.relayHost }, () =>
        this.transport.sendMail(message),
      );
      const refusal = refusalOf(info, job.recipient.email ?? '');
      if (refusal) return outcomeOfSmtpError(refusal);
      return {
        status: 'sent',
        providerMessageId: message.messageId,
        fields: {
          message_id: message.messageId,
          ...(fromFallback === undefined ? {} : { from_fallback: fromFallback }),
        },
      };
    } catch (error) {
      return outcomeOfSmtpError(error);
    }
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }

  /** Nest calls this at shutdown: pooled SMTP connections must not keep the process alive. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }
}

function missingPartOf(job: EmailDeliveryJob): FailedOutcome | undefined {
  const missing = (code: string, reason: string): FailedOutcome => ({
    status: 'failed',
    code,
    reason,
  });
  if (!job.recipient.email?.trim()) {
    return missing('MISSING_EMAIL_RECIPIENT', `user ${job.recipient.id} has no email address`);
  }
  if (!job.content.subject?.trim()) {
    return missing('MISSING_EMAIL_SUBJECT', 'the email has no subject');
  }
  if (!job.content.html?.trim()) return missing('MISSING_EMAIL_HTML', 'the email has no HTML body');
  return undefined;
}

function outcomeOfAttachmentError(error: unknown): ProviderOutcome {
  if (!(error instanceof EmailAttachmentError)) throw error;
  return error.retryable
    ? { status: 'retry', reason: error.reason }
    : { status: 'failed', code: 'TRANSIENT_ATTACHMENT_REJECTED_BOUNCE', reason: error.reason };
}

/** The relay took the message for cc/bcc recipients but refused the user's own address. */
function refusalOf(info: SMTPPoolSentMessageInfo, recipient: string): NodemailerError | undefined {
  const address = recipient.trim().toLowerCase();
  const refused = (candidate: unknown) =>
    typeof candidate === 'string' && candidate.toLowerCase() === address;
  if (!info.rejected.some(refused)) return undefined;
  return (
    info.rejectedErrors?.find((error) => refused(error.recipient)) ??
    Object.assign(new Error(`the relay refused ${recipient}`), {
      responseCode: 550,
      command: 'RCPT TO',
    })
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'unknown';
  }
}
