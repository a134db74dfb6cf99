import { Injectable } from '@nestjs/common';
import { Consumers, InboxEntry, Jobs } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { InappDelivery } from './inapp-delivery';

/**
 * Stores the `delivery.inapp` jobs still on the DELIVERY stream from before notifications wrote
 * its inbox itself (delivery-workers used to take them and ask for them to be stored). Nothing
 * publishes them any more; the durable keeps its old name so that an upgraded deployment picks
 * up exactly where delivery-workers left off and loses none.
 */
@Injectable()
export class InappJobsConsumer {
  constructor(private readonly inapp: InappDelivery) {}

  @ConsumeJobs(Jobs.inappDelivery, { durable: Consumers.notificationsInappJobs, maxBatch: 250 })
  handle(items: JobItem<InboxEntry>[]): Promise<void> {
    return this.inapp.deliver(
      items.map(({ payload, traceContext }) => ({ entry: payload, traceContext })),
    );
  }
}
