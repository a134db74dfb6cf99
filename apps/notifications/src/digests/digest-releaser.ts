import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MessagingClient } from '@clarion/messaging';
import { createHash } from 'node:crypto';
import { deliveryJobOf } from '../sends/delivery-jobs';
import { combineDigest, groupDigests } from './combine-digest';
import { DigestsRepository } from './digests.repository';

const POLL_MS = 1_000;
const BATCH = 1_000;

/**
 * Sends digests when they are due: the entries of one user, type and channel become one
 * delivery job. The job's Nats-Msg-Id is made of its entries, so a re-release after a crash
 * between publishing and deleting is dropped by JetStream.
 */
@Injectable()
export class DigestReleaser implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DigestReleaser.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly digests: DigestsRepository,
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
        released = await this.digests.releaseDue(BATCH, async (jobs) => {
          await Promise.all(
            groupDigests(jobs).map((group) => {
              const digest = combineDigest(group);
              const { definition, payload } = deliveryJobOf(digest);
              return this.messaging.publishJob(definition, payload, {
                msgId: `digest:${digest.channel}:${hashOf(digest.digestOf ?? [])}`,
              });
            }),
          );
        });
      } while (released === BATCH);
    } catch (error) {
      this.logger.error(`releasing digests failed, retrying: ${String(error)}`);
    }
  }
}

function hashOf(trackingIds: string[]): string {
  return createHash('sha256').update(trackingIds.join(',')).digest('base64url');
}
