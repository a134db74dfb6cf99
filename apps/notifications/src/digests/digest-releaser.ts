import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DeliveryJob, TemplateContent } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { PeriodicTask } from '@clarion/runtime';
import { createHash } from 'node:crypto';
import { dueWorkPoller } from '../polling/due-work-poller';
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
  private readonly poller: PeriodicTask;

  constructor(
    private readonly digests: DigestsRepository,
    private readonly messaging: MessagingClient,
  ) {
    this.poller = dueWorkPoller('Releasing digests', POLL_MS, BATCH, (limit) =>
      this.digests.releaseDue(limit, (jobs) => this.publishDigests(jobs)),
    );
  }

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.poller.stop();
  }

  private async publishDigests(jobs: DeliveryJob<TemplateContent>[]): Promise<void> {
    await Promise.all(
      groupDigests(jobs).map((group) => {
        const digest = combineDigest(group);
        const { definition, payload } = deliveryJobOf(digest);
        return this.messaging.publishJob(definition, payload, {
          msgId: `digest:${digest.channel}:${hashOf(digest.digestOf ?? [])}`,
        });
      }),
    );
  }
}

function hashOf(trackingIds: string[]): string {
  return createHash('sha256').update(trackingIds.join(',')).digest('base64url');
}
