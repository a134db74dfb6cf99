import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Channel, DeliveryJob, TemplateContent } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { PeriodicTask } from '@clarion/runtime';
import { createHash } from 'node:crypto';
import { dueWorkPoller } from '../polling/due-work-poller';
import { InappDelivery } from '../inbox/inapp-delivery';
import { inboxEntryOf } from '../inbox/inbox-entry-of';
import { deliveryJobDefinition } from '../sends/delivery-jobs';
import { combineDigest, groupDigests } from './combine-digest';
import { DigestsRepository } from './digests.repository';

const POLL_MS = 1_000;
const BATCH = 1_000;

/**
 * Sends digests when they are due: the entries of one user, type and channel become one
 * delivery: an inbox entry stored here, or a job for delivery-workers. The job's Nats-Msg-Id is
 * made of its entries, so a re-release after a crash between publishing and deleting is dropped
 * by JetStream; an inbox entry is stored once per trackingId (the digest's first send).
 */
@Injectable()
export class DigestReleaser implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly poller: PeriodicTask;

  constructor(
    private readonly digests: DigestsRepository,
    private readonly messaging: MessagingClient,
    private readonly inapp: InappDelivery,
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
    const digests = groupDigests(jobs).map(combineDigest);
    await Promise.all([
      this.inapp.deliver(
        digests
          .filter((digest) => digest.channel === Channel.INAPP_WEB)
          .map((digest) => ({ entry: inboxEntryOf(digest) })),
      ),
      ...digests.map((digest) => {
        const { channel } = digest;
        if (channel === Channel.INAPP_WEB) return undefined;
        return this.messaging.publishJob(deliveryJobDefinition(channel), digest, {
          msgId: `digest:${channel}:${hashOf(digest.digestOf ?? [])}`,
        });
      }),
    ]);
  }
}

function hashOf(trackingIds: string[]): string {
  return createHash('sha256').update(trackingIds.join(',')).digest('base64url');
}
