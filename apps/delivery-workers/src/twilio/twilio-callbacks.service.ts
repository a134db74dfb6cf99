import { Injectable, Logger, Optional } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import { ProviderCallbackJob, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { StoredAttempt } from '../delivery/delivery-attempt';
import { DeliveryAttemptsRepository } from '../delivery/delivery-attempts.repository';
import {
  DeliveryEvents,
  StepDetails,
  StepSubject,
  stepSubjectOfAttempt,
} from '../delivery/delivery-events';
import { SmsInbound } from './twilio-inbound-sms';
import { interpretTwilioCallback } from './twilio-callbacks';
import { TwilioSmsAdapter } from './twilio-sms.adapter';

/**
 * Turns what Twilio reports later into events on the send it belongs to: delivery receipts
 * and call outcomes (found by the message or call SID), inbound texts (answering the latest
 * message sent to that number), STOP and START (stored, so later sends honour them) and the
 * send's auto-reply.
 */
@Injectable()
export class TwilioCallbacksService {
  private readonly logger = new Logger('TwilioCallbacks');

  constructor(
    private readonly attempts: DeliveryAttemptsRepository,
    private readonly events: DeliveryEvents,
    private readonly messaging: MessagingClient,
    /** Absent when Twilio is not configured (no callbacks can arrive then). */
    @Optional() private readonly sms?: TwilioSmsAdapter,
  ) {}

  async handle(job: ProviderCallbackJob, traceContext: Context): Promise<void> {
    const callback = interpretTwilioCallback(job.kind, job.params, new Date(job.receivedAt));
    switch (callback.type) {
      case 'sms-delivered':
        return this.onSent('sms', callback.sid, 'delivered', {}, traceContext);
      case 'call-completed': {
        const fields = { code: callback.code, ...durationOf(callback.durationSeconds) };
        return this.onSent('call', callback.sid, 'delivered', { fields }, traceContext);
      }
      case 'sms-failed':
      case 'call-failed': {
        const channel = callback.type === 'sms-failed' ? 'sms' : 'call';
        const details = { failedCode: callback.code, internal: callback.reason };
        return this.onSent(channel, callback.sid, 'failed', details, traceContext);
      }
      case 'sms-inbound':
        return this.onInbound(callback, traceContext);
      case 'sms-progress':
        return;
      case 'ignored':
        this.logger.warn(`ignored a Twilio ${job.kind} callback: ${callback.reason}`);
        return;
    }
  }

  /** A later step of a sent message or placed call, on the send the SID belongs to. */
  private async onSent(
    channel: 'sms' | 'call',
    sid: string,
    status: 'delivered' | 'failed',
    details: StepDetails,
    traceContext: Context,
  ): Promise<void> {
    const attempt = await this.attempts.findByProviderMessageId(channel, sid);
    if (!attempt) {
      this.logger.warn(`a Twilio callback names ${sid}, which no ${channel} attempt has`);
      return;
    }
    await this.events.publishStep(stepSubjectOfAttempt(attempt, channel), status, details, {
      traceContext,
    });
  }

  private async onInbound(inbound: SmsInbound, traceContext: Context): Promise<void> {
    const attempt = await this.attempts.latestSentTo('sms', inbound.from);
    if (!attempt) {
      this.logger.warn(
        `an inbound text from a number nothing was sent to was dropped (${inbound.sid})`,
      );
      return;
    }
    const subject = stepSubjectOfAttempt(attempt, 'sms');
    const options = { occurrence: inbound.sid, traceContext };
    await this.events.publishStep(
      subject,
      'inbound',
      {
        fields: {
          from: inbound.from,
          to: inbound.to,
          text: inbound.body,
          ...(inbound.mediaUrls.length > 0 && { media: inbound.mediaUrls.join(',') }),
        },
      },
      options,
    );
    if (inbound.keyword === 'STOP' || inbound.keyword === 'START') {
      const optedOut = inbound.keyword === 'STOP';
      const keyword = inbound.body.trim().toUpperCase();
      await this.messaging.request(Requests.setSmsOptOut, {
        accountId: attempt.accountId,
        envId: attempt.envId,
        number: inbound.from,
        optedOut,
        keyword,
      });
      const fields = { from: inbound.from, keyword };
      await this.events.publishStep(
        subject,
        optedOut ? 'unsubscribe' : 'subscribe',
        { fields },
        options,
      );
      return;
    }
    if (attempt.details.autoReply) await this.autoReply(attempt, inbound, subject, options);
  }

  /** Answers once per inbound text: the reply is an attempt of its own, keyed by the text's SID. */
  private async autoReply(
    attempt: StoredAttempt,
    inbound: SmsInbound,
    subject: StepSubject,
    options: { occurrence: string; traceContext: Context },
  ): Promise<void> {
    const text = attempt.details.autoReply ?? '';
    const key = { ...attempt, channel: 'sms' as const, address: `reply:${inbound.sid}` };
    const claim = await this.attempts.claim(key);
    if (claim.result !== 'claimed' || !this.sms) return;
    const outcome = await this.sms.sendReply(inbound.to, inbound.from, text);
    if (outcome.status === 'retry') {
      await this.attempts.settle({ key, state: 'retrying', error: outcome.reason });
      throw new Error(`auto-reply to ${inbound.sid} failed for now: ${outcome.reason}`);
    }
    await this.attempts.settle(
      outcome.status === 'sent'
        ? { key, state: 'sent', providerMessageId: outcome.providerMessageId }
        : { key, state: 'failed', failedCode: outcome.code, error: outcome.reason },
    );
    if (outcome.status === 'sent') {
      await this.events.publishStep(
        subject,
        'replied',
        { fields: { to: inbound.from, text } },
        options,
      );
    }
  }
}

function durationOf(seconds: number | undefined): Record<string, number> {
  return seconds === undefined ? {} : { duration: seconds };
}
