import {
  Channel,
  DeliveryJob,
  InboxEntry,
  JobDefinition,
  Jobs,
  TemplateContent,
} from '@clarion/contracts';

/** The delivery subject of a channel and the job it carries there. */
export function deliveryJobOf(job: DeliveryJob<TemplateContent>): {
  definition: JobDefinition<unknown>;
  payload: unknown;
} {
  switch (job.channel) {
    case Channel.INAPP_WEB:
      return { definition: Jobs.inappDelivery, payload: inboxEntryOf(job) };
    case Channel.EMAIL:
      return { definition: Jobs.emailDelivery, payload: job };
    case Channel.SMS:
      return { definition: Jobs.smsDelivery, payload: job };
    case Channel.CALL:
    case Channel.VOICE:
      return { definition: Jobs.callDelivery, payload: job };
    case Channel.PUSH:
      return { definition: Jobs.mobilePushDelivery, payload: job };
    case Channel.WEB_PUSH:
      return { definition: Jobs.webPushDelivery, payload: job };
    case Channel.SLACK:
      return { definition: Jobs.slackDelivery, payload: job };
  }
}

function inboxEntryOf(job: DeliveryJob<TemplateContent>): InboxEntry {
  const text = (field: string) => {
    const value = job.content[field];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    trackingId: job.trackingId,
    accountId: job.accountId,
    envId: job.envId,
    userId: job.recipient.id,
    notificationId: job.notificationId,
    subNotificationId: job.subNotificationId,
    title: text('title') ?? '',
    redirectURL: text('url'),
    imageURL: text('image'),
    parameters: job.parameters ?? {},
    receivedAt: job.receivedAt,
  };
}
