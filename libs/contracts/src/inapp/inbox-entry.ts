import { SendScope } from '../common/tenant-scope';

/** A rendered in-app notification on its way into a user's inbox. */
export interface InboxEntry extends SendScope {
  userId: string;
  notificationId: string;
  subNotificationId?: string;
  title: string;
  redirectURL?: string;
  imageURL?: string;
  parameters: Record<string, unknown>;
  receivedAt: string;
}
