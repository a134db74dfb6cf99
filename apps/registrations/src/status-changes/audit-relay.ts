import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AuditRecords, StatusChangeDto } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { StatusChangesRepository } from './status-changes.repository';

const EVERY_MS = 5_000;
const BATCH = 100;

/**
 * Publishes recorded status changes to the AUDIT stream (`audit.registration.status-changed`).
 * Services call `publishSoon()` after committing a change; a timer picks up whatever a failed
 * publish (NATS down, a crash after the commit) left behind, so every change is published.
 */
@Injectable()
export class AuditRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuditRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly changes: StatusChangesRepository,
    private readonly messaging: MessagingClient,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.publishSoon(), EVERY_MS);
    this.timer.unref();
    this.publishSoon();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Starts a run, or asks the current one to run once more, without waiting for it. */
  publishSoon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.publishAll().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.publishSoon();
      }
    });
  }

  private async publishAll(): Promise<void> {
    try {
      while ((await this.changes.publishPending(BATCH, (batch) => this.publish(batch))) === BATCH);
    } catch (error) {
      this.logger.warn(`publishing registration status changes failed, retrying: ${String(error)}`);
    }
  }

  private async publish(changes: StatusChangeDto[]): Promise<void> {
    for (const change of changes) {
      await this.messaging.publishJob(AuditRecords.registrationStatusChanged, change, {
        msgId: change.id,
      });
    }
  }
}
