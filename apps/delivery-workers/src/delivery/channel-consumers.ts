import { Consumers, Jobs } from '@clarion/contracts';
import { CallChannel } from '../call/call-channel';
import { EmailChannel } from '../email/email-channel';
import { MobilePushChannel } from '../mobile-push/mobile-push-channel';
import { SlackChannel } from '../slack/slack-channel';
import { SmsChannel } from '../sms/sms-channel';
import { WebPushChannel } from '../web-push/web-push-channel';
import { channelJobsConsumer } from './channel-jobs.consumer';

/** One durable consumer per channel of `DELIVERY` (in-app has its own, batched into the inbox). */
export const CHANNEL_CONSUMERS = [
  channelJobsConsumer(Jobs.emailDelivery, Consumers.deliveryWorkersEmail, EmailChannel),
  channelJobsConsumer(Jobs.smsDelivery, Consumers.deliveryWorkersSms, SmsChannel),
  channelJobsConsumer(Jobs.callDelivery, Consumers.deliveryWorkersCall, CallChannel),
  channelJobsConsumer(
    Jobs.mobilePushDelivery,
    Consumers.deliveryWorkersMobilePush,
    MobilePushChannel,
  ),
  channelJobsConsumer(Jobs.webPushDelivery, Consumers.deliveryWorkersWebPush, WebPushChannel),
  channelJobsConsumer(Jobs.slackDelivery, Consumers.deliveryWorkersSlack, SlackChannel),
];
