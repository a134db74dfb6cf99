import { UsageChargeJob } from '../billing/usage-charge.job';
import { DeliveryJob } from '../delivery/delivery-job';
import { ProviderCallbackJob } from '../delivery/provider-callback.job';
import { InboundEmailJob } from '../email/inbound-email.job';
import { InboxEntry } from '../inapp/inbox-entry';
import { RegistrationStatusChangedEvent } from '../registrations/registration-status-changed.event';
import { SendCommand } from '../send/send-command';
import { Shape } from './payload-shape';

/** The shapes of the jobs in the catalog: what their consumers check before handling one. */

const SEND_SCOPE = { trackingId: 'string', accountId: 'string', envId: 'string' } as const;

export const SEND_COMMAND_SHAPE: Shape<SendCommand> = {
  ...SEND_SCOPE,
  receivedAt: 'string',
  origin: 'object',
  body: 'object',
  releasedFromSchedule: 'boolean?',
};

export const INBOX_ENTRY_SHAPE: Shape<InboxEntry> = {
  ...SEND_SCOPE,
  userId: 'string',
  notificationId: 'string',
  subNotificationId: 'string?',
  title: 'string',
  redirectURL: 'string?',
  imageURL: 'string?',
  parameters: 'object',
  receivedAt: 'string',
};

export const DELIVERY_JOB_SHAPE: Shape<DeliveryJob<object>> = {
  ...SEND_SCOPE,
  channel: 'string',
  notificationId: 'string',
  subNotificationId: 'string?',
  secondaryId: 'string?',
  templateId: 'string?',
  recipient: 'object',
  content: 'object',
  options: 'object?',
  parameters: 'object?',
  receivedAt: 'string',
  digestOf: 'array?',
};

export const PROVIDER_CALLBACK_SHAPE: Shape<ProviderCallbackJob> = {
  provider: 'string',
  kind: 'string',
  params: 'object',
  receivedAt: 'string',
};

export const INBOUND_EMAIL_SHAPE: Shape<InboundEmailJob> = {
  blob: 'string',
  mailFrom: 'string',
  recipients: 'array',
  receivedAt: 'string',
  size: 'number',
  remoteAddress: 'string?',
};

export const USAGE_CHARGE_SHAPE: Shape<UsageChargeJob> = {
  chargeId: 'string',
  accountId: 'string',
  kind: 'string',
  amount: 'number',
  at: 'string',
};

export const REGISTRATION_STATUS_CHANGED_SHAPE: Shape<RegistrationStatusChangedEvent> = {
  id: 'string',
  accountId: 'string',
  subject: 'string',
  from: 'string',
  to: 'string',
  reason: 'string?',
  actorRole: 'string',
  actor: 'string',
  at: 'string',
};
