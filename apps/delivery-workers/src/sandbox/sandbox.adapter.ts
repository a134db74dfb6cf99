import { DeliveryJob } from '@clarion/contracts';
import { SentOutcome } from '../delivery/provider-outcome';

/**
 * Stands in for a provider nobody configured (so `npm start` works out of the box): the message
 * is recorded on its attempt record instead of being sent, and the log record says so.
 */
export class SandboxAdapter {
  constructor(
    private readonly channel: string,
    private readonly missingConfiguration: string,
  ) {}

  send(job: DeliveryJob<unknown>, address: string): Promise<SentOutcome> {
    return Promise.resolve({
      status: 'sent',
      providerMessageId: `sandbox-${job.trackingId}`,
      fields: {
        sandbox: `No ${this.channel} provider is configured (${this.missingConfiguration}); the message was recorded, not sent.`,
      },
      details: { sandbox: { to: address, content: job.content, options: job.options ?? {} } },
    });
  }
}
