import { Injectable } from '@nestjs/common';
import { Context } from '@opentelemetry/api';
import {
  deliveryEventKind,
  DeliveryEventData,
  DeliveryStatus,
  EventEnvelope,
  InboxEntry,
  Requests,
} from '@clarion/contracts';
import { JobItem, MessagingClient } from '@clarion/messaging';

/**
 * Delivers in-app notifications: the user's inbox (owned by notifications) is the provider.
 * A batch of jobs is stored with one request; each job reports sent and delivered events.
 */
@Injectable()
export class InappDeliveryService {
  constructor(private readonly messaging: MessagingClient) {}

  async deliver(items: JobItem<InboxEntry>[]): Promise<void> {
    const sentAt = new Date();
    await Promise.all(
      items.map((item) => this.report(item.payload, 'sent', sentAt, item.traceContext)),
    );
    const { storedAt } = await this.messaging.request(Requests.storeInboxEntries, {
      entries: items.map((item) => item.payload),
    });
    await Promise.all(
      items.map((item) =>
        this.report(item.payload, 'delivered', new Date(storedAt), item.traceContext),
      ),
    );
  }

  private report(entry: InboxEntry, status: DeliveryStatus, at: Date, traceContext: Context) {
    const kind = deliveryEventKind('inapp', status);
    const event: EventEnvelope<DeliveryEventData> = {
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
    return this.messaging.publishEvent(event, traceContext);
  }
}
