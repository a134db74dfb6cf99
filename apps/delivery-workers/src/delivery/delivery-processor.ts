import { Injectable, Logger } from '@nestjs/common';
import { CHANNEL_LOG_NAMES, DeliveryJob, DeliveryStatus } from '@clarion/contracts';
import { JobItem } from '@clarion/messaging';
import { ChannelDelivery, DeliveryAddress } from './channel-delivery';
import { AttemptKey, idempotencyKeyOf } from './delivery-attempt';
import { DeliveryAttemptsRepository } from './delivery-attempts.repository';
import { DeliveryEvents } from './delivery-events';
import { FailedOutcome, ProviderOutcome, RetryOutcome, SentOutcome } from './provider-outcome';
import { ProviderRateLimits } from './provider-rate-limits';
import { RetryPolicy } from './retry-policy';
import { tracedProviderCall } from './traced-provider-call';

/** Wait before asking again about a message another worker is delivering right now. */
const BUSY_RETRY_MS = 15_000;

/** A transient failure of one address, with what the attempt record knows about its history. */
interface RetryResult extends RetryOutcome {
  key: AttemptKey;
  attempts: number;
  firstAttemptAt: Date;
}

type AddressResult =
  | SentOutcome
  | FailedOutcome
  | RetryResult
  | { status: 'already-sent' }
  | { status: 'already-failed' }
  | { status: 'busy' };

/**
 * Delivers the jobs of any channel: each address of a job is claimed in the attempt record,
 * sent through the channel's provider (paced by its rate limit), and settled; the job's steps
 * become events; a transient failure comes back later, within the retry window, and then goes
 * to the dead letters with its last error on the log record.
 */
@Injectable()
export class DeliveryProcessor {
  private readonly logger = new Logger('Delivery');

  constructor(
    private readonly attempts: DeliveryAttemptsRepository,
    private readonly events: DeliveryEvents,
    private readonly rateLimits: ProviderRateLimits,
    private readonly retryPolicy: RetryPolicy,
  ) {}

  deliverAll<TContent, TAddress extends DeliveryAddress>(
    items: JobItem<DeliveryJob<TContent>>[],
    channel: ChannelDelivery<TContent, TAddress>,
  ): Promise<void[]> {
    // A job that could not be worked on (the database or NATS unreachable) comes back later on
    // its own; the attempt records keep the others of its batch from being sent twice anyway.
    return Promise.all(
      items.map((item) =>
        this.deliverJob(item, channel).catch((error: unknown) => item.retry(error)),
      ),
    );
  }

  private async deliverJob<TContent, TAddress extends DeliveryAddress>(
    item: JobItem<DeliveryJob<TContent>>,
    channel: ChannelDelivery<TContent, TAddress>,
  ): Promise<void> {
    const job = item.payload;
    const publish = (status: DeliveryStatus, details = {}) =>
      this.events.publish(job, status, details, item.traceContext);
    const addresses = await channel.addressesOf(job);
    if (addresses.length === 0) {
      await publish('failed', { failedCode: channel.noAddressCode });
      return;
    }
    const results = await Promise.all(
      addresses.map((address) => this.deliverTo(job, address, channel, item.deliveryCount)),
    );
    const sent = results.find((result): result is SentOutcome => result.status === 'sent');
    const anySent = results.some((r) => r.status === 'sent' || r.status === 'already-sent');
    if (anySent) {
      await publish('sent', { fields: sent?.fields });
      if (sent?.delivered) await publish('delivered', { fields: sent.deliveredFields });
    }
    const retries = results.filter((result): result is RetryResult => result.status === 'retry');
    if (retries.length > 0 || results.some((result) => result.status === 'busy')) {
      await this.retryLater(item, channel, retries);
      return;
    }
    const failed = results.find((result): result is FailedOutcome => result.status === 'failed');
    if (failed && !anySent) {
      await publish('failed', { failedCode: failed.code, internal: failed.reason });
    }
  }

  private async deliverTo<TContent, TAddress extends DeliveryAddress>(
    job: DeliveryJob<TContent>,
    address: TAddress,
    channel: ChannelDelivery<TContent, TAddress>,
    deliveryCount: number,
  ): Promise<AddressResult> {
    const key = attemptKeyOf(job, address.address);
    const claim = await this.attempts.claim(key);
    if (claim.result === 'sent') return { status: 'already-sent' };
    if (claim.result === 'failed') return { status: 'already-failed' };
    if (claim.result === 'busy') return { status: 'busy' };
    if (claim.interrupted && !channel.resendsSafely) {
      const outcome: FailedOutcome = {
        status: 'failed',
        code: channel.gaveUpCode,
        reason:
          'a worker stopped while the provider was being called; the message is not sent again, so the recipient cannot get it twice',
      };
      await this.attempts.settle({
        key,
        state: 'failed',
        failedCode: outcome.code,
        error: outcome.reason,
      });
      return outcome;
    }
    const provider = channel.providerOf(address);
    await this.rateLimits.take(provider);
    const outcome = await tracedProviderCall(job.channel, provider, () =>
      channel.deliver(job, address, {
        idempotencyKey: idempotencyKeyOf(key),
        attempt: claim.attempts,
      }),
    );
    await this.settle(key, outcome, job, address, channel);
    if (outcome.status !== 'retry') return outcome;
    this.logger.warn(
      `${channel.channel} ${job.trackingId} attempt ${claim.attempts} (delivery ${deliveryCount}) failed: ${outcome.reason}`,
    );
    return { ...outcome, key, attempts: claim.attempts, firstAttemptAt: claim.firstAttemptAt };
  }

  private async settle<TContent, TAddress extends DeliveryAddress>(
    key: AttemptKey,
    outcome: ProviderOutcome,
    job: DeliveryJob<TContent>,
    address: TAddress,
    channel: ChannelDelivery<TContent, TAddress>,
  ): Promise<void> {
    switch (outcome.status) {
      case 'sent':
        return this.attempts.settle({
          key,
          state: 'sent',
          providerMessageId: outcome.providerMessageId,
          details: {
            userId: job.recipient.id,
            notificationId: job.notificationId,
            receivedAt: job.receivedAt,
            ...outcome.details,
          },
        });
      case 'failed':
        if (outcome.addressGone) await channel.addressGone?.(job, address);
        return this.attempts.settle({
          key,
          state: 'failed',
          failedCode: outcome.code,
          error: outcome.reason,
        });
      case 'retry':
        return this.attempts.settle({ key, state: 'retrying', error: outcome.reason });
    }
  }

  /** Back to the queue after the backoff, or to the dead letters once the window is used up. */
  private async retryLater<TContent, TAddress extends DeliveryAddress>(
    item: JobItem<DeliveryJob<TContent>>,
    channel: ChannelDelivery<TContent, TAddress>,
    retries: RetryResult[],
  ): Promise<void> {
    const [retry] = retries;
    if (!retry) {
      item.retry(new Error('another worker is delivering this message'), BUSY_RETRY_MS);
      return;
    }
    const job = item.payload;
    const delay = this.retryPolicy.nextDelayMs(
      retry.attempts,
      retry.firstAttemptAt,
      retry.retryAfterMs,
    );
    if (delay !== undefined) {
      item.retry(new Error(retry.reason), delay);
      return;
    }
    const reason = `gave up after ${retry.attempts} attempts: ${retry.reason}`;
    await Promise.all(
      retries.map(({ key }) =>
        this.attempts.settle({
          key,
          state: 'failed',
          failedCode: channel.gaveUpCode,
          error: reason,
        }),
      ),
    );
    await this.events.publish(
      job,
      'failed',
      { failedCode: channel.gaveUpCode, internal: reason },
      item.traceContext,
    );
    item.deadLetter(reason);
  }
}

function attemptKeyOf(job: DeliveryJob<unknown>, address: string): AttemptKey {
  return {
    trackingId: job.trackingId,
    channel: CHANNEL_LOG_NAMES[job.channel],
    address,
    accountId: job.accountId,
    envId: job.envId,
  };
}
