import { Injectable } from '@nestjs/common';
import { MobilePushDeliveryJob, PushTokenDto, SendMobilePushContentDto } from '@clarion/contracts';
import { SealedSecretError } from '@clarion/secrets';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
import { DeadAddresses } from '../delivery/dead-addresses';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import {
  PushCredentialsRepository,
  PushProvider,
  StoredPushCredentials,
} from '../push-settings/push-credentials.repository';
import { ApnsAdapter } from './apns.adapter';
import { FcmAdapter } from './fcm.adapter';
import { ApnCredentials, FcmCredentials } from './push-credentials';

export interface PushTokenAddress extends DeliveryAddress {
  token: PushTokenDto;
}

/** Every push token of the user, through FCM or APNs with the environment's credentials. */
@Injectable()
export class MobilePushChannel implements ChannelDelivery<
  SendMobilePushContentDto,
  PushTokenAddress
> {
  readonly channel = 'mobile_push';
  readonly gaveUpCode = 'UNKNOWN';
  readonly noAddressCode = 'UNKNOWN';
  /** Neither FCM nor APNs drops a repeated notification, so none is resent blindly. */
  readonly resendsSafely = false;

  constructor(
    private readonly fcm: FcmAdapter,
    private readonly apns: ApnsAdapter,
    private readonly credentials: PushCredentialsRepository,
    private readonly deadAddresses: DeadAddresses,
  ) {}

  addressesOf(job: MobilePushDeliveryJob): PushTokenAddress[] {
    return (job.recipient.pushTokens ?? []).map((token) => ({ address: token.token, token }));
  }

  providerOf(address: PushTokenAddress): string {
    return address.token.type === 'APN' ? 'apns' : 'fcm';
  }

  async deliver(
    job: MobilePushDeliveryJob,
    { token }: PushTokenAddress,
    ctx: AttemptContext,
  ): Promise<ProviderOutcome> {
    const provider: PushProvider = token.type === 'APN' ? 'apn' : 'fcm';
    let stored: StoredPushCredentials | undefined;
    try {
      stored = await this.credentials.find(job.envId, provider);
    } catch (error) {
      // An altered key, or one sealed for another row, never opens; a master key missing from
      // the configuration may be put back, so that failure is retried.
      if (error instanceof SealedSecretError && error.failure !== 'unknown-key') {
        const name = SETTINGS[provider].name;
        return noConfig(
          provider,
          `the environment's ${name} credentials do not open: ${error.message}`,
        );
      }
      throw error;
    }
    if (!stored)
      return noConfig(provider, `the environment has no ${SETTINGS[provider].name} credentials`);
    return provider === 'apn'
      ? this.apns.send(job, token, stored.credentials as unknown as ApnCredentials, ctx)
      : this.fcm.send(job, token, stored.credentials as unknown as FcmCredentials, ctx);
  }

  addressGone(job: MobilePushDeliveryJob, { token }: PushTokenAddress): Promise<void> {
    return this.deadAddresses.remove(job, { pushToken: token.token }, 'push token');
  }
}

const SETTINGS = {
  apn: { code: 'NO_APN_CONFIG', name: 'APNs' },
  fcm: { code: 'NO_FCM_CONFIG', name: 'FCM' },
} as const;

function noConfig(provider: PushProvider, why: string): ProviderOutcome {
  return {
    status: 'failed',
    code: SETTINGS[provider].code,
    reason: `${why}; set them with PUT /settings/push/${provider}`,
  };
}
