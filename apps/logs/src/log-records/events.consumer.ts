import { Injectable } from '@nestjs/common';
import { Consumers, EventEnvelope, StreamName } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { logFieldsOfEvent } from './log-fields-of-event';
import { LogRecordsRepository } from './log-records.repository';

/** Every event of every send lands on that send's log record. */
@Injectable()
export class EventsConsumer {
  constructor(private readonly records: LogRecordsRepository) {}

  @ConsumeJobs(
    { stream: StreamName.EVENTS, subject: 'evt.>' },
    { durable: Consumers.logsEvents, dto: EventEnvelope, maxBatch: 500 },
  )
  async handle(items: JobItem<EventEnvelope>[]): Promise<void> {
    await this.records.mergeMany(
      items.map(({ payload }) => ({
        trackingId: payload.trackingId,
        accountId: payload.accountId,
        envId: payload.envId,
        fields: logFieldsOfEvent(payload),
      })),
    );
  }
}
