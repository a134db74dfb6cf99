import { Injectable } from '@nestjs/common';
import { Consumers, Jobs, SuppressionRemovalJob } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { SuppressionRemovals } from './suppression-removals';

/** Takes the steps of bulk suppression removals from SENDS (see SuppressionRemovals). */
@Injectable()
export class SuppressionRemovalsConsumer {
  constructor(private readonly removals: SuppressionRemovals) {}

  @ConsumeJobs(Jobs.suppressionRemoval, {
    durable: Consumers.notificationsSuppressionRemovals,
    maxBatch: 20,
  })
  handle(items: JobItem<SuppressionRemovalJob>[]): Promise<void> {
    return this.removals.runSteps(items);
  }
}
