import { Injectable } from '@nestjs/common';
import { Consumers, Jobs, ProviderCallbackJob } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { TwilioCallbacksService } from './twilio-callbacks.service';

/** Provider callbacks the gateway authenticated and queued (`delivery.callbacks`). */
@Injectable()
export class ProviderCallbacksConsumer {
  constructor(private readonly twilio: TwilioCallbacksService) {}

  @ConsumeJobs(Jobs.providerCallback, {
    durable: Consumers.deliveryWorkersCallbacks,
    maxBatch: 32,
    maxDeliver: 20,
  })
  async handle(items: JobItem<ProviderCallbackJob>[]): Promise<void> {
    await Promise.all(
      items.map((item) =>
        this.twilio
          .handle(item.payload, item.traceContext)
          .catch((error: unknown) => item.retry(error)),
      ),
    );
  }
}
