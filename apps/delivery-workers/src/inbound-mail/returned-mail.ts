import { Injectable, Logger } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import type { ParsedMail } from 'mailparser';
import { SuppressionReason } from '@clarion/contracts';
import { StoredAttempt } from '../delivery/delivery-attempt';
import { DeliveryAttemptsRepository } from '../delivery/delivery-attempts.repository';
import { DeliveryEvents, stepSubjectOfAttempt } from '../delivery/delivery-events';
import { EmailSuppressions } from '../email/email-suppressions';
import { complaintCodeOf, emailFailedCodeOfStatus, suppressionOfBounce } from './bounce-codes';
import {
  DeliveryStatusReport,
  readDeliveryStatusReport,
  RecipientStatus,
} from './delivery-status-report';
import { FeedbackReport, readFeedbackReport } from './feedback-report';

/**
 * Mail to the return path of a message Clarion sent (`bounces+<token>@…`): a delivery status
 * notification (RFC 3464) or a complaint (RFC 5965). A failure is EMAIL_FAILED with the reported
 * status and suppresses the user's email; a success is EMAIL_DELIVERED; a delay is only logged;
 * a complaint suppresses the user and is EMAIL_FAILED with its COMPLAINT_ code and
 * EMAIL_UNSUBSCRIBE. Suppressing comes first: if publishing then fails, the job is handled again
 * and both are idempotent.
 */
@Injectable()
export class ReturnedMail {
  private readonly logger = new Logger(ReturnedMail.name);

  constructor(
    private readonly attempts: DeliveryAttemptsRepository,
    private readonly events: DeliveryEvents,
    private readonly suppressions: EmailSuppressions,
  ) {}

  async receive(token: string, mail: ParsedMail, traceContext: Context): Promise<void> {
    const attempt = await this.attempts.findEmailByMessageToken(token);
    if (!attempt) {
      this.logger.warn(`a report names message ${token}, which no email attempt has`);
      return;
    }
    const report = readDeliveryStatusReport(mail);
    if (report) return this.onDeliveryReport(attempt, report, traceContext);
    const complaint = readFeedbackReport(mail);
    if (complaint) return this.onComplaint(attempt, complaint, traceContext);
    // Out-of-office replies and the like reach the return path too; they say nothing of delivery.
    this.logger.log(
      `mail to the return path of ${attempt.trackingId} is neither a delivery report nor a complaint; dropped`,
    );
  }

  private async onDeliveryReport(
    attempt: StoredAttempt,
    report: DeliveryStatusReport,
    traceContext: Context,
  ): Promise<void> {
    const recipient = recipientOf(attempt, report);
    if (!recipient) {
      this.logger.warn(`a delivery report on ${attempt.trackingId} does not name its recipient`);
      return;
    }
    const subject = stepSubjectOfAttempt(attempt, 'email');
    const options = { traceContext };
    switch (recipient.action) {
      case 'failed': {
        const failedCode = emailFailedCodeOfStatus(recipient.status, recipient.diagnosticCode);
        const diagnostic = recipient.diagnosticCode ?? recipient.status;
        const suppression = suppressionOfBounce(failedCode);
        if (suppression) {
          await this.suppress(attempt, SuppressionReason.BOUNCE, suppression.retryable, {
            code: failedCode,
            status: recipient.status,
            diagnostic,
            recipient: recipient.finalRecipient,
            trackingId: attempt.trackingId,
          });
        }
        const fields = { recipient: recipient.finalRecipient, diagnostic_code: diagnostic };
        return this.events.publishStep(
          subject,
          'failed',
          { failedCode, internal: `${recipient.status} ${diagnostic}`, fields },
          options,
        );
      }
      case 'delivered':
      case 'relayed':
      case 'expanded':
        return this.events.publishStep(
          subject,
          'delivered',
          { fields: { recipients: recipient.finalRecipient } },
          options,
        );
      case 'delayed':
        this.logger.log(
          `delivery of ${attempt.trackingId} to ${recipient.finalRecipient} is delayed: ${recipient.diagnosticCode ?? recipient.status}`,
        );
        return;
    }
  }

  private async onComplaint(
    attempt: StoredAttempt,
    complaint: FeedbackReport,
    traceContext: Context,
  ): Promise<void> {
    const failedCode = complaintCodeOf(complaint.feedbackType);
    if (complaint.feedbackType !== 'not-spam') {
      await this.suppress(attempt, SuppressionReason.COMPLAINT, false, {
        code: failedCode,
        feedbackType: complaint.feedbackType,
        ...(complaint.userAgent !== undefined && { reporter: complaint.userAgent }),
        trackingId: attempt.trackingId,
      });
    }
    const subject = stepSubjectOfAttempt(attempt, 'email');
    const options = { occurrence: 'complaint', traceContext };
    const fields = { recipient: attempt.address, feedback_type: complaint.feedbackType };
    await this.events.publishStep(subject, 'failed', { failedCode, fields }, options);
    if (complaint.feedbackType !== 'not-spam') {
      await this.events.publishStep(
        subject,
        'unsubscribe',
        { fields: { from: attempt.address, keyword: 'complaint' } },
        options,
      );
    }
  }

  private async suppress(
    attempt: StoredAttempt,
    reason: SuppressionReason,
    retryable: boolean,
    details: Record<string, string>,
  ): Promise<void> {
    const userId = attempt.details.userId;
    if (!userId) return;
    const user = { accountId: attempt.accountId, envId: attempt.envId, userId };
    await this.suppressions.suppress(user, reason, retryable, details);
  }
}

/** The report's entry for the address the message went to (a report may list cc recipients too). */
function recipientOf(
  attempt: StoredAttempt,
  report: DeliveryStatusReport,
): RecipientStatus | undefined {
  const address = attempt.address.toLowerCase();
  const named = report.recipients.find(
    (recipient) => recipient.finalRecipient === address || recipient.originalRecipient === address,
  );
  // A forwarding host may report the final address only; a one-recipient report is still ours.
  return named ?? (report.recipients.length === 1 ? report.recipients[0] : undefined);
}
