import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Jobs } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { PeriodicTask } from '@clarion/runtime';
import { dueWorkPoller } from '../polling/due-work-poller';
import { ScheduledSendsRepository } from './scheduled-sends.repository';

/** How often due sends are looked for: well inside the one second a release may take. */
const POLL_MS = 200;
const BATCH = 500;

/**
 * Releases scheduled sends when they are due: each goes back on the SENDS stream, marked as
 * released, and is processed like any send. Exactly once across replicas and restarts: rows are
 * claimed with SKIP LOCKED and marked released in the same transaction, and a re-publish after a
 * crash between the two carries the same Nats-Msg-Id, which JetStream drops.
 */
@Injectable()
export class ScheduleReleaser implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly poller: PeriodicTask;

  constructor(
    private readonly schedules: ScheduledSendsRepository,
    private readonly messaging: MessagingClient,
  ) {
    this.poller = dueWorkPoller('Releasing scheduled sends', POLL_MS, BATCH, (limit) =>
      this.schedules.releaseDue(limit, (due) =>
        Promise.all(
          due.map(({ trackingId, command }) =>
            this.messaging.publishJob(
              Jobs.acceptedSend,
              { ...command, releasedFromSchedule: true },
              { msgId: `${trackingId}:released` },
            ),
          ),
        ).then(() => undefined),
      ),
    );
  }

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.poller.stop();
  }
}
