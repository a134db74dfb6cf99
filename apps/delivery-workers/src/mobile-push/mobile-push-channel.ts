import { Injectable } from '@nestjs/common';
import { MobilePushDeliveryJob, PushTokenDto, SendMobilePushContentDto } from '@clarion/contracts';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
import { DeadAddresses } from '../delivery/dead-addresses';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { PushCredentialsRepository } from '../push-settings/push-credentials.repository';
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
    if (token.type === 'APN') {
      const stored = await this.credentials.find(job.envId, 'apn');
      if (!stored) return noConfig('NO_APN_CONFIG', 'APNs', '/settings/push/apn');
      return this.apns.send(job, token, stored.credentials as unknown as ApnCredentials, ctx);
    }
    const stored = await this.credentials.find(job.envId, 'fcm');
    if (!stored) return noConfig('NO_FCM_CONFIG', 'FCM', '/settings/push/fcm');
    return this.fcm.send(job, token, stored.credentials as unknown as FcmCredentials, ctx);
  }

  addressGone(job: MobilePushDeliveryJob, { token }: PushTokenAddress): Promise<void> {
    return this.deadAddresses.remove(job, { pushToken: token.token }, 'push token');
  }
}

function noConfig(code: string, provider: string, path: string): ProviderOutcome {
  return {
    status: 'failed',
    code,
    reason: `the environment has no ${provider} credentials; set them with PUT ${path}`,
  };
}
