import { ChannelLogName, DeliveryJob } from '@clarion/contracts';
import { AttemptContext, ProviderOutcome } from './provider-outcome';

/** One address a job is delivered to, attempted and recorded on its own. */
export interface DeliveryAddress {
  /** What the attempt record is keyed by: the email address, number, push token or endpoint. */
  readonly address: string;
}

/** How one channel delivers: where a job goes, and through which provider. */
export interface ChannelDelivery<TContent, TAddress extends DeliveryAddress = DeliveryAddress> {
  readonly channel: ChannelLogName;
  /** The failed code recorded when retries run out (a records.md value of the channel). */
  readonly gaveUpCode: string;
  /** The failed code when a job has no address left (e.g. every push token was removed). */
  readonly noAddressCode: string;
  /** Where the job goes; usually one address, one per token for push. */
  addressesOf(job: DeliveryJob<TContent>): Promise<TAddress[]> | TAddress[];
  /** The provider that takes this address (the rate-limit key: smtp, twilio, fcm, apns …). */
  providerOf(address: TAddress): string;
  /**
   * Whether the provider recognises a repeated message (Message-ID, apns-id, web push Topic), so
   * that resending after a worker stopped mid-call cannot reach the recipient twice.
   */
  readonly resendsSafely: boolean;
  deliver(
    job: DeliveryJob<TContent>,
    address: TAddress,
    ctx: AttemptContext,
  ): Promise<ProviderOutcome>;
  /** Called when the provider says the address is dead (removes a push token or subscription). */
  addressGone?(job: DeliveryJob<TContent>, address: TAddress): Promise<void>;
}
