import { InboxNotificationEntity } from './inbox/inbox-notification.entity';
import { CreateNotificationsTables1795260000000 } from './migrations/1795260000000-create-notifications-tables';
import { CreateScheduledSends1795300000000 } from './migrations/1795300000000-create-scheduled-sends';
import { CreateTemplatesPreferencesLimits1795310000000 } from './migrations/1795310000000-create-templates-preferences-limits';
import { CreateSmsOptOuts1795320000000 } from './migrations/1795320000000-create-sms-opt-outs';
import { CreateEventsWebhooks1795330000000 } from './migrations/1795330000000-create-events-webhooks';
import { CreateSubNotificationsAndRetractions1795340000000 } from './migrations/1795340000000-create-sub-notifications-and-retractions';
import { TemplateDigestDefaults1795350000000 } from './migrations/1795350000000-template-digest-defaults';
import { DropEventsWebhooks1795360000000 } from './migrations/1795360000000-drop-events-webhooks';
import { PreferenceUnsubscribeOutbox1795370000000 } from './migrations/1795370000000-preference-unsubscribe-outbox';
import { InboxBatching1795380000000 } from './migrations/1795380000000-inbox-batching';
import { InboxUpdatedAt1795390000000 } from './migrations/1795390000000-inbox-updated-at';
import { NotificationTypeEntity } from './notification-types/notification-type.entity';
import { TemplateEntity } from './templates/template.entity';
import { UserEntity } from './users/user.entity';

export const NOTIFICATIONS_SCHEMA = 'notifications';
export const NOTIFICATIONS_ENTITIES = [
  InboxNotificationEntity,
  NotificationTypeEntity,
  TemplateEntity,
  UserEntity,
];
export const NOTIFICATIONS_MIGRATIONS = [
  CreateNotificationsTables1795260000000,
  CreateScheduledSends1795300000000,
  CreateTemplatesPreferencesLimits1795310000000,
  CreateSmsOptOuts1795320000000,
  CreateEventsWebhooks1795330000000,
  CreateSubNotificationsAndRetractions1795340000000,
  TemplateDigestDefaults1795350000000,
  DropEventsWebhooks1795360000000,
  PreferenceUnsubscribeOutbox1795370000000,
  InboxBatching1795380000000,
  InboxUpdatedAt1795390000000,
];
