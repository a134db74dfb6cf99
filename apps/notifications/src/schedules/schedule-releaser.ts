import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Jobs } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
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
  private readonly logger = new Logger(ScheduleReleaser.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly schedules: ScheduledSendsRepository,
    private readonly messaging: MessagingClient,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.releaseDue().finally(() => (this.running = undefined));
    }, POLL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async releaseDue(): Promise<void> {
    try {
      let released: number;
      do {
        released = await this.schedules.releaseDue(BATCH, (due) =>
          Promise.all(
            due.map(({ trackingId, command }) =>
              this.messaging.publishJob(
                Jobs.acceptedSend,
                { ...command, releasedFromSchedule: true },
                { msgId: `${trackingId}:released` },
              ),
            ),
          ).then(() => undefined),
        );
      } while (released === BATCH);
    } catch (error) {
      this.logger.error(`releasing scheduled sends failed, retrying: ${String(error)}`);
    }
  }
}
