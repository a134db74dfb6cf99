import { Channel } from '../common/channel.enum';
import { SendCallContentDto } from '../send/send-call-content.dto';
import { SendEmailContentDto } from '../send/send-email-content.dto';
import { SendOptionsDto } from '../send/send-options.dto';
import { SendMobilePushContentDto, SendWebPushContentDto } from '../send/send-push-content.dto';
import { SendSlackContentDto } from '../send/send-slack-content.dto';
import { SendSmsContentDto } from '../send/send-sms-content.dto';
import { PushTokenDto } from '../users/push-token.dto';
import { WebPushTokenDto } from '../users/web-push-token.dto';

/** The recipient's addresses as stored when the send was processed. */
export interface DeliveryRecipient {
  id: string;
  email?: string;
  number?: string;
  timezone?: string;
  pushTokens?: PushTokenDto[];
  webPushTokens?: WebPushTokenDto[];
  slackChannel?: string;
  slackToken?: Record<string, unknown>;
}

/** One channel of one send, rendered and ready for its provider (`delivery.<channel>`). */
export interface DeliveryJob<TContent> {
  trackingId: string;
  accountId: string;
  envId: string;
  channel: Channel;
  notificationId: string;
  subNotificationId?: string;
  secondaryId?: string;
  templateId?: string;
  recipient: DeliveryRecipient;
  content: TContent;
  options?: SendOptionsDto;
  /** The send's parameters, for providers that template on their side (in-app). */
  parameters?: Record<string, unknown>;
  receivedAt: string;
  /** For a digest: every send it gathers, oldest first (trackingId is the first of them). */
  digestOf?: string[];
}

export type EmailDeliveryJob = DeliveryJob<SendEmailContentDto>;
export type SmsDeliveryJob = DeliveryJob<SendSmsContentDto>;
export type CallDeliveryJob = DeliveryJob<SendCallContentDto>;
export type MobilePushDeliveryJob = DeliveryJob<SendMobilePushContentDto>;
export type WebPushDeliveryJob = DeliveryJob<SendWebPushContentDto>;
export type SlackDeliveryJob = DeliveryJob<SendSlackContentDto>;
