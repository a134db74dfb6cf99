import { DeliveryWorkersEnv } from '../delivery-workers.env';

/** Where built-in inbox addresses live: `<prefix>@<inboundDomain>`, the operator's MX. */
export class InboxSettings {
  readonly inboundDomain: string;

  constructor(env: DeliveryWorkersEnv) {
    this.inboundDomain = env.EMAIL_INBOUND_DOMAIN.trim().toLowerCase();
  }
}
