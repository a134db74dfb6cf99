import { Injectable } from '@nestjs/common';
import { Context, trace } from '@opentelemetry/api';
import {
  Channel,
  DeliveryEventData,
  deliveryEventOf,
  DeliveryStatus,
  InboxEntry,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { recordDeliveryAttempt } from '@clarion/observability';
import { InboxBatchesRepository } from './inbox-batches.repository';
import { InboxBatching } from './inbox-batching';
import { InboxRepository } from './inbox.repository';

export interface InappDeliveryItem {
  entry: InboxEntry;
  traceContext?: Context;
  /** Set for a send of a batching type: it joins the open batch of its key instead. */
  batching?: InboxBatching;
}

/**
 * The steps of each in-app notification, by trackingId: `sent` and `delivered` when stored,
 * `failed` (IN_APP_WEB_FAILED) when the inbox refused it for good.
 */
export type InappSteps = ReadonlyMap<string, DeliveryEventData[]>;

const MS_PER_SECOND = 1_000;
const tracer = trace.getTracer('@clarion/notifications');

/**
 * Delivers in-app notifications. The inbox is notifications' own table, so delivering is one
 * INSERT for the whole batch (and one upsert for the sends of batching types). Storing is
 * idempotent (one entry per env and trackingId, a batch counts each trackingId once), so a
 * batch run again after a crash stores nothing twice.
 */
@Injectable()
export class InappDelivery {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly batches: InboxBatchesRepository,
    private readonly messaging: MessagingClient,
  ) {}

  /**
   * Stores the entries and answers their steps, for the caller to report: the send pipeline puts
   * the `sent` and `delivered` ones into each send's `send.processed` event and publishes a
   * `failed` one as an event of its own, which events webhooks hear of.
   */
  async store(items: InappDeliveryItem[]): Promise<InappSteps> {
    if (items.length === 0) return new Map();
    return tracer.startActiveSpan(
      'inbox store',
      { attributes: { 'clarion.entries': items.length } },
      async (span) => {
        try {
          return await this.storeTraced(items);
        } finally {
          span.end();
        }
      },
    );
  }

  private async storeTraced(items: InappDeliveryItem[]): Promise<InappSteps> {
    const sentAt = new Date();
    // Entries of their own keep the one multi-row INSERT; batched ones take their own statement.
    const [unstorable, unbatchable] = await Promise.all([
      this.inbox.insertMany(items.filter((item) => !item.batching).map(({ entry }) => entry)),
      this.batches.addMany(
        items.flatMap(({ entry, batching }) => (batching ? [{ entry, batching }] : [])),
      ),
    ]);
    for (const [trackingId, reason] of unbatchable) unstorable.set(trackingId, reason);
    const storedAt = new Date();
    const seconds = (storedAt.getTime() - sentAt.getTime()) / MS_PER_SECOND;
    for (const { entry } of items) {
      const outcome = unstorable.has(entry.trackingId) ? 'failed' : 'sent';
      recordDeliveryAttempt({ channel: Channel.INAPP_WEB, provider: 'inbox', outcome, seconds });
    }
    return new Map(
      items.map(({ entry }) => {
        const reason = unstorable.get(entry.trackingId);
        return [
          entry.trackingId,
          reason === undefined
            ? [stepOf(entry, 'sent', sentAt), stepOf(entry, 'delivered', storedAt)]
            : [failedStepOf(entry, reason, storedAt)],
        ];
      }),
    );
  }

  /**
   * Stores the entries and publishes their steps as delivery events of their own (digests and
   * jobs left by an earlier version, which have no `send.processed` to carry them); the events'
   * msg ids make a batch run again report nothing twice.
   */
  async deliver(items: InappDeliveryItem[]): Promise<void> {
    const steps = await this.store(items);
    await Promise.all(
      items.flatMap(({ entry, traceContext }) =>
        (steps.get(entry.trackingId) ?? []).map((data) =>
          this.messaging.publishEvent(deliveryEventOf(entry, data), traceContext),
        ),
      ),
    );
  }
}

function stepOf(entry: InboxEntry, status: DeliveryStatus, at: Date): DeliveryEventData {
  return {
    channel: 'inapp',
    status,
    at: at.toISOString(),
    after: at.getTime() - Date.parse(entry.receivedAt),
  };
}

/** The step of an entry the inbox refused for good, with who it was for, for events webhooks. */
function failedStepOf(entry: InboxEntry, reason: string, at: Date): DeliveryEventData {
  return {
    ...stepOf(entry, 'failed', at),
    failedCode: 'IN_APP_WEB_FAILED',
    internal: `the inbox could not store it: ${reason}`,
    userId: entry.userId,
    notificationId: entry.notificationId,
  };
}
