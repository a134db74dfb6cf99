import { Injectable, Logger } from '@nestjs/common';
import { DeliveryJob, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';

/** The address a provider called dead: a mobile push token or a web push endpoint. */
export type DeadAddress = { pushToken: string } | { webPushEndpoint: string };

/** Asks notifications to remove a dead address from the user it belongs to. */
@Injectable()
export class DeadAddresses {
  private readonly logger = new Logger(DeadAddresses.name);

  constructor(private readonly messaging: MessagingClient) {}

  /** A failure is only logged: the next send to the address finds it dead again and asks again. */
  async remove(job: DeliveryJob<unknown>, address: DeadAddress, what: string): Promise<void> {
    await this.messaging
      .request(Requests.removeDeadAddress, {
        accountId: job.accountId,
        envId: job.envId,
        userId: job.recipient.id,
        ...address,
      })
      .catch((error: unknown) =>
        this.logger.warn(
          `could not remove a dead ${what} of ${job.recipient.id}: ${String(error)}`,
        ),
      );
  }
}
