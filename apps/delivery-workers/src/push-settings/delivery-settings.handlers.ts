import { Injectable } from '@nestjs/common';
import {
  ConnectSlackRequest,
  DomainError,
  EndUserRef,
  ErrorCode,
  PushSettingsRef,
  PushSettingsResponseDto,
  Requests,
  SaveApnSettingsRequest,
  SaveFcmSettingsRequest,
  SlackChannelDto,
  SlackChannelsRequest,
  SuccessResponseDto,
  TenantScope,
  VapidPublicKeyReply,
} from '@clarion/contracts';
import { HandleRequest, MessagingClient } from '@clarion/messaging';
import { describeError } from '../delivery/describe-error';
import { SlackAdapter } from '../slack/slack.adapter';
import { SlackConnections } from '../slack/slack-connections';
import { VapidKeysRepository } from '../web-push/vapid-keys.repository';
import { PushSettingsService } from './push-settings.service';

/** The gateway's questions about provider settings: push credentials, VAPID key, Slack channels. */
@Injectable()
export class DeliverySettingsHandlers {
  constructor(
    private readonly pushSettings: PushSettingsService,
    private readonly vapidKeys: VapidKeysRepository,
    private readonly slack: SlackAdapter,
    private readonly slackConnections: SlackConnections,
    private readonly messaging: MessagingClient,
  ) {}

  @HandleRequest(Requests.getPushSettings, PushSettingsRef)
  get(request: PushSettingsRef): Promise<PushSettingsResponseDto> {
    return this.pushSettings.get(request, request.provider);
  }

  @HandleRequest(Requests.saveFcmSettings, SaveFcmSettingsRequest)
  saveFcm(request: SaveFcmSettingsRequest): Promise<PushSettingsResponseDto> {
    return this.pushSettings.saveFcm(request);
  }

  @HandleRequest(Requests.saveApnSettings, SaveApnSettingsRequest)
  saveApn(request: SaveApnSettingsRequest): Promise<PushSettingsResponseDto> {
    return this.pushSettings.saveApn(request);
  }

  @HandleRequest(Requests.deletePushSettings, PushSettingsRef)
  async remove(request: PushSettingsRef): Promise<SuccessResponseDto> {
    await this.pushSettings.remove(request, request.provider);
    return { success: true };
  }

  @HandleRequest(Requests.vapidPublicKey, TenantScope)
  async vapidPublicKey(scope: TenantScope): Promise<VapidPublicKeyReply> {
    const { publicKey } = await this.vapidKeys.keysOf(scope);
    return { publicKey };
  }

  @HandleRequest(Requests.slackChannels, SlackChannelsRequest)
  async slackChannels(request: SlackChannelsRequest): Promise<SlackChannelDto[]> {
    const ref: EndUserRef = request;
    const user = await this.messaging.request(Requests.getUser, ref);
    if (!user.slackToken) return [];
    return this.slack.listChannels(user.slackToken).catch((error: unknown) => {
      throw new DomainError(
        ErrorCode.PROVIDER_ERROR,
        `Slack did not list the channels: ${describeError(error)}`,
        "Reconnect the user's Slack workspace if the token was revoked or expired.",
      );
    });
  }

  @HandleRequest(Requests.connectSlack, ConnectSlackRequest)
  connectSlack(request: ConnectSlackRequest): Promise<SuccessResponseDto> {
    return this.slackConnections.connect(request);
  }
}
