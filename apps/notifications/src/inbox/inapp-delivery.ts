import { Injectable } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import { DeliveryEvent, deliveryEventKind, DeliveryStatus, InboxEntry } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { InboxRepository } from './inbox.repository';

export interface InappDeliveryItem {
  entry: InboxEntry;
  traceContext?: Context;
}

/**
 * Delivers in-app notifications. The inbox is notifications' own table, so delivering is one
 * INSERT for the whole batch, done by the batch that processed the sends, and a sent and a
 * delivered event per entry. Storing is idempotent (one entry per env and trackingId) and the
 * events carry msg ids, so a batch run again after a crash stores and reports nothing twice.
 */
@Injectable()
export class InappDelivery {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly messaging: MessagingClient,
  ) {}

  async deliver(items: InappDeliveryItem[]): Promise<void> {
    if (items.length === 0) return;
    const sentAt = new Date();
    await this.inbox.insertMany(items.map(({ entry }) => entry));
    const storedAt = new Date();
    await Promise.all(
      items.flatMap(({ entry, traceContext }) => [
        this.messaging.publishEvent(eventOf(entry, 'sent', sentAt), traceContext),
        this.messaging.publishEvent(eventOf(entry, 'delivered', storedAt), traceContext),
      ]),
    );
  }
}

function eventOf(entry: InboxEntry, status: DeliveryStatus, at: Date): DeliveryEvent {
  const kind = deliveryEventKind('inapp', status);
  return {
    id: `${entry.trackingId}:${kind}`,
    kind,
    trackingId: entry.trackingId,
    accountId: entry.accountId,
    envId: entry.envId,
    occurredAt: at.toISOString(),
    data: {
      channel: 'inapp',
      status,
      at: at.toISOString(),
      after: at.getTime() - Date.parse(entry.receivedAt),
    },
  };
}
