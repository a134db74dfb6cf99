import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { parseRetrySchedule, RetrySchedule } from './retry-schedule';

/** What the events webhook dispatcher reads from configuration. */
export class WebhookSettings {
  readonly schedule: RetrySchedule;
  /** Webhook requests in flight at once, per process. */
  readonly inFlight: number;

  constructor(env: Pick<DeliveryWorkersEnv, 'WEBHOOK_RETRY_SCHEDULE' | 'WEBHOOK_CONCURRENCY'>) {
    this.schedule = new RetrySchedule(parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE));
    this.inFlight = Math.max(1, env.WEBHOOK_CONCURRENCY);
  }
}
