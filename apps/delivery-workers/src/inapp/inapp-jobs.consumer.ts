import { Injectable } from '@nestjs/common';
import { Consumers, InboxEntry, Jobs } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { InappDeliveryService } from './inapp-delivery.service';

@Injectable()
export class InappJobsConsumer {
  constructor(private readonly delivery: InappDeliveryService) {}

  @ConsumeJobs(Jobs.inappDelivery, {
    durable: Consumers.deliveryWorkersInapp,
    maxBatch: 250,
  })
  handle(items: JobItem<InboxEntry>[]): Promise<void> {
    return this.delivery.deliver(items);
  }
}
