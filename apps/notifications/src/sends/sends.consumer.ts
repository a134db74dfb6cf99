import { Injectable } from '@nestjs/common';
import { Consumers, Jobs, SendCommand } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { SendPipeline } from './send-pipeline.service';

@Injectable()
export class SendsConsumer {
  constructor(private readonly pipeline: SendPipeline) {}

  @ConsumeJobs(Jobs.acceptedSend, {
    durable: Consumers.notificationsSends,
    maxBatch: 250,
  })
  handle(items: JobItem<SendCommand>[]): Promise<void> {
    return this.pipeline.process(items);
  }
}
