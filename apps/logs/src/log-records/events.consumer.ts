import { Injectable } from '@nestjs/common';
import { Consumers, EventEnvelope, EventFeeds } from '@clarion/contracts';
import { BULK_WRITE_LINGER_MS, ConsumeJobs, JobItem } from '@clarion/messaging';
import { DataSource } from 'typeorm';
import { logFieldsOfEvent } from './log-fields-of-event';
import { LogRecordsRepository } from './log-records.repository';
import { LogEventsRepository } from '../log-events/log-events.repository';
import { logEventsOf } from '../log-events/log-message-of-event';

/**
 * Every event of every send lands on that send's log record, and as a step in the event log, in
 * one transaction: a send that GET /logs lists is one that a log query finds.
 */
@Injectable()
export class EventsConsumer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: LogRecordsRepository,
    private readonly steps: LogEventsRepository,
  ) {}

  @ConsumeJobs(EventFeeds.all, {
    durable: Consumers.logsEvents,
    maxBatch: 500,
    lingerMs: BULK_WRITE_LINGER_MS,
    tracedPer: 'batch',
  })
  async handle(items: JobItem<EventEnvelope>[]): Promise<void> {
    const events = items.map(({ payload }) => payload);
    const changes = events.map((event) => ({
      trackingId: event.trackingId,
      accountId: event.accountId,
      envId: event.envId,
      fields: logFieldsOfEvent(event),
    }));
    await this.dataSource.transaction(async (manager) => {
      await this.records.mergeMany(changes, manager);
      await this.steps.insertMany(events.flatMap(logEventsOf), manager);
    });
  }
}
