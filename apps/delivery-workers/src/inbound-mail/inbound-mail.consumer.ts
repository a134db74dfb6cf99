import { Injectable } from '@nestjs/common';
import { Consumers, InboundEmailJob, Jobs } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { InboundMailService } from './inbound-mail.service';

/** Messages the SMTP listener accepted (`delivery.email-inbound`). */
@Injectable()
export class InboundMailConsumer {
  constructor(private readonly inbound: InboundMailService) {}

  @ConsumeJobs(Jobs.inboundEmail, {
    durable: Consumers.deliveryWorkersInboundEmail,
    maxBatch: 8,
    maxDeliver: 20,
  })
  async handle(items: JobItem<InboundEmailJob>[]): Promise<void> {
    await Promise.all(
      items.map((item) =>
        this.inbound
          .handle(item.payload, item.traceContext)
          .catch((error: unknown) => item.retry(error)),
      ),
    );
  }
}
