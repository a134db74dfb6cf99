import { ChannelLogName } from '@clarion/contracts';
import { DeliveryWorkersEnv, numbersByName } from '../delivery-workers.env';

const DEFAULT_IN_FLIGHT = 256;

/** What the channels read from configuration. */
export class DeliverySettings {
  private readonly inFlight: Map<string, number>;

  constructor(env: DeliveryWorkersEnv) {
    this.inFlight = numbersByName(env.DELIVERY_CONCURRENCY);
  }

  /** Messages of a channel with its provider at once, per process. */
  inFlightOf(channel: ChannelLogName): number {
    return Math.max(1, this.inFlight.get(channel) ?? DEFAULT_IN_FLIGHT);
  }
}
