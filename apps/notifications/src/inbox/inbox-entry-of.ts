import { DeliveryJob, InboxEntry, TemplateContent } from '@clarion/contracts';

/** The inbox entry of a rendered in-app delivery (of one send, or a digest of several). */
export function inboxEntryOf(job: DeliveryJob<TemplateContent>): InboxEntry {
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
