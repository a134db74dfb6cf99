import { Injectable, Logger } from '@nestjs/common';
import {
  MobilePushDeliveryJob,
  PushTokenDto,
  Requests,
  SendMobilePushContentDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
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
  private readonly logger = new Logger('MobilePush');

  constructor(
    private readonly fcm: FcmAdapter,
    private readonly apns: ApnsAdapter,
    private readonly credentials: PushCredentialsRepository,
    private readonly messaging: MessagingClient,
  ) {}

  addressesOf(job: MobilePushDeliveryJob): PushTokenAddress[] {
    return (job.recipient.pushTokens ?? []).map((token) => ({ address: token.token, token }));
  }

  providerOf(address: PushTokenAddress): string {
    return address.token.type === 'APN' ? 'apns' : 'fcm';
  }

  /** Neither FCM nor APNs drops a repeated notification, so none is resent blindly. */
  resendsSafely(): boolean {
    return false;
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

  async addressGone(job: MobilePushDeliveryJob, { token }: PushTokenAddress): Promise<void> {
    await this.messaging
      .request(Requests.removeDeadAddress, {
        accountId: job.accountId,
        envId: job.envId,
        userId: job.recipient.id,
        pushToken: token.token,
      })
      .catch((error: unknown) =>
        this.logger.warn(
          `could not remove a dead push token of ${job.recipient.id}: ${String(error)}`,
        ),
      );
  }
}

function noConfig(code: string, provider: string, path: string): ProviderOutcome {
  return {
    status: 'failed',
    code,
    reason: `the environment has no ${provider} credentials; set them with PUT ${path}`,
  };
}
