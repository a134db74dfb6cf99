import {
  AccountScope,
  ClientEnvironment,
  ProfileScope,
  Principal,
  ResolveApiKeyRequest,
  ResolveClientRequest,
} from '../billing/principal';
import {
  ApiKeyResponseDto,
  CreateKeyRequest,
  CreateKeyResponseDto,
  KeyRef,
  RevokeKeyResponseDto,
} from '../billing/api-key.dto';
import {
  AccountDetailsDto,
  AccountSummaryDto,
  CreateAccountRequest,
  UpdateAccountRequest,
} from '../billing/account-details.dto';
import { AccountResponseDto } from '../billing/account-response.dto';
import { RenameAccountRequest, RenameAccountResponseDto } from '../billing/account-rename.dto';
import { AutoJoinResponseDto, SetAutoJoinRequest } from '../billing/auto-join.dto';
import {
  CreateOrganizationResponseDto,
  OrganizationResponseDto,
} from '../billing/organization.dto';
import {
  OrganizationUsageDto,
  OrganizationUsageHistoryDto,
  UsageHistoryRequest,
} from '../billing/organization-usage.dto';
import {
  AcceptInviteRequest,
  AcceptInviteResponseDto,
  ChangeEmailRequest,
  InviteMemberRequest,
  InviteResponseDto,
  MemberResponseDto,
  RemoveMemberRequest,
  UpdateMemberRequest,
} from '../billing/members.dto';
import { BillingChange } from '../billing/billing-change';
import { LoginDto, LoginResponseDto, ResolveSessionRequest } from '../billing/login.dto';
import {
  MfaDisableRequest,
  MfaSetupResponseDto,
  MfaStatusResponseDto,
  MfaVerifyRequest,
  SuccessResponseDto,
} from '../billing/mfa.dto';
import {
  CreateEnvironmentRequest,
  EnvironmentRef,
  EnvironmentSettings,
  UpdateEnvironmentRequest,
} from '../billing/environment-requests.dto';
import { EnvironmentResponseDto } from '../billing/environment-response.dto';
import {
  EnvironmentIdentity,
  EnvironmentOfAccountRequest,
} from '../billing/environment-of-account';
import { ServiceName } from '../common/service-name';
import { HealthReply } from '../health/health';
import { InappNotificationResponseDto } from '../inapp/inapp-notification-response.dto';
import { InboxEntry } from '../inapp/inbox-entry';
import { EndUserRef, ListInboxRequest } from '../inapp/inbox-requests';
import { InboxChangedEntry, InboxChangesSinceRequest } from '../inapp/inbox-changes';
import { LogRecordDto, LogsByTrackingIdsRequest } from '../logs/log-record';
import { LogMessagesResponseDto, LogsPageRequest, LogsTailRequest } from '../logs/log-message.dto';
import {
  LogQueryResponseDto,
  LogQueryResultPage,
  LogQueryResultRequest,
  StartLogQueryRequest,
} from '../logs/log-query.dto';
import {
  PatchScheduleRequest,
  ScheduledSendRef,
  UpdateScheduleRequest,
} from '../send/schedule-requests';
import { RetractRequest, RetractResponseDto } from '../send/retract.dto';
import {
  SaveSubNotificationRequest,
  SubNotificationRef,
  SubNotificationResponseDto,
} from '../notification-types/sub-notification.dto';
import {
  BindPhoneNumberRequest,
  UnbindPhoneNumbersReply,
  UnbindPhoneNumbersRequest,
} from '../numbers/phone-number-binding.dto';
import {
  OrderPhoneNumberRequest,
  OrderPhoneNumberResponseDto,
  PhoneNumberRef,
} from '../numbers/order-phone-number.dto';
import {
  ListPhoneNumbersResponseDto,
  ListReleasedPhoneNumbersResponseDto,
  PhoneNumberDto,
} from '../numbers/phone-number.dto';
import { ReleasePhoneNumberResponseDto } from '../numbers/release-phone-number.dto';
import {
  SearchAvailableNumbersRequest,
  SearchAvailablePhoneNumbersResponseDto,
} from '../numbers/search-available-numbers.dto';
import { SendCommand } from '../send/send-command';
import { SendResponseDto } from '../send/send-response.dto';
import { UserResponseDto } from '../users/user-response.dto';
import {
  DeleteUserResponseDto,
  ListUsersRequest,
  UsersListResponseDto,
} from '../users/users-list.dto';
import { MarkSeenRequest, UpdateInappStatusRequest } from '../inapp/inapp-updates.dto';
import { IdentifyUserRequest } from '../users/user-requests';
import {
  CreateNotificationTypeRequest,
  EnsureSendPlanRequest,
  NotificationTypeChange,
  NotificationTypeRef,
  SendPlanDto,
  SetDefaultTemplateRequest,
  TemplateRef,
  TemplatesRef,
  UpdateNotificationTypeRequest,
  WriteTemplateRequest,
} from '../notification-types/notification-type-requests';
import { NotificationTypeResponseDto } from '../notification-types/notification-type-response.dto';
import { TemplateResponseDto } from '../notification-types/template-response.dto';
import {
  DeletePreferencesRequest,
  PreferencesResponseDto,
  SetPreferencesRequest,
} from '../preferences/preference.dto';
import {
  BulkRemoveSuppressionsRequest,
  MessageResponseDto,
  RemoveSuppressionRequest,
  SuppressEmailRequest,
  SuppressEmailResponseDto,
  UserSuppressionResponseDto,
} from '../suppressions/suppression-requests';
import {
  SUPPRESSION_REMOVAL_SHAPE,
  SuppressionRemovalJob,
} from '../suppressions/suppression-removal.job';
import { TenantScope } from '../common/tenant-scope';
import {
  CallDeliveryJob,
  DeliveryJob,
  EmailDeliveryJob,
  MobilePushDeliveryJob,
  SlackDeliveryJob,
  SmsDeliveryJob,
  WebPushDeliveryJob,
} from '../delivery/delivery-job';
import {
  PushSettingsRef,
  PushSettingsResponseDto,
  SaveApnSettingsRequest,
  SaveFcmSettingsRequest,
} from '../delivery/push-settings.dto';
import { ProviderCallbackJob } from '../delivery/provider-callback.job';
import {
  EventsWebhookChange,
  EventsWebhookOfReply,
  SavedEventsWebhook,
  SaveEventsWebhookRequest,
} from '../webhooks/events-webhook.dto';
import { RemoveDeadAddressRequest, SetSmsOptOutRequest } from '../users/address-requests';
import {
  ConnectSlackRequest,
  SlackChannelDto,
  SlackChannelsRequest,
  VapidPublicKeyReply,
} from '../delivery/delivery-requests';
import {
  AccountRegistrationsDto,
  BrandOfReply,
  CampaignOfReply,
  CreateBrandRequest,
  DecideRegistrationRequest,
  ListRegistrationsRequest,
  RegistrationChangeDto,
  RegistrationSummaryDto,
  SubmitRegistrationRequest,
  UpdateBrandRequest,
  UpdateCampaignRequest,
} from '../registrations/registration-requests';
import { RegistrationStatusChangedEvent } from '../registrations/registration-status-changed.event';
import { BrandResponseDto } from '../registrations/brand-response.dto';
import { CampaignResponseDto } from '../registrations/campaign-response.dto';
import {
  DeleteVoiceAgentResponseDto,
  ListVoiceAgentsResponseDto,
  VoiceAgentResponseDto,
} from '../voice/voice-agent.dto';
import {
  GetVoiceCallResponseDto,
  ListVoiceCallsResponseDto,
  VoiceCallResponseDto,
} from '../voice/voice-call.dto';
import {
  VoicemailReached,
  CreateVoiceAgentRequest,
  InboundVoiceCallReply,
  InboundVoiceCallRequest,
  ListVoiceCallsRequest,
  PhoneNumberRouteReply,
  PhoneNumberRouteRequest,
  PlaceVoiceCallRequest,
  UpdateVoiceAgentRequest,
  VoiceAgentNumberRequest,
  VoiceAgentRef,
  VoiceCallRef,
  VoiceCallStatusRequest,
} from '../voice/voice-requests';
import { UsageChargeJob } from '../billing/usage-charge.job';
import {
  CreateInboxAddressRequest,
  InboxAddressEnvelopeDto,
  InboxAddressesResponseDto,
  InboxAddressRequest,
  UpdateInboxAddressRequest,
} from '../email/inbox-address.dto';
import { InboundEmailJob } from '../email/inbound-email.job';
import { SenderDomainRequest, SenderDomainResponseDto } from '../email/sender-domain.dto';
import {
  DELIVERY_JOB_SHAPE,
  INBOUND_EMAIL_SHAPE,
  INBOX_ENTRY_SHAPE,
  PROVIDER_CALLBACK_SHAPE,
  REGISTRATION_STATUS_CHANGED_SHAPE,
  SEND_COMMAND_SHAPE,
  USAGE_CHARGE_SHAPE,
} from './job-shapes';
import { Shape } from './payload-shape';
import {
  JobDefinition,
  PROVIDER_REPLY_TIMEOUT_MS,
  StreamName,
  defineBroadcast,
  defineJob,
  defineRequest,
} from './message-definitions';

/** Every request/reply subject: `<service>.<resource>.<verb>`. */
export const Requests = {
  resolveApiKey: defineRequest<ResolveApiKeyRequest, Principal>('billing.apikey.resolve'),
  resolveClient: defineRequest<ResolveClientRequest, ClientEnvironment>(
    'billing.environment.resolve-client',
  ),
  listEnvironments: defineRequest<AccountScope, EnvironmentResponseDto[]>(
    'billing.environment.list',
  ),
  createEnvironment: defineRequest<CreateEnvironmentRequest, EnvironmentResponseDto>(
    'billing.environment.create',
  ),
  updateEnvironment: defineRequest<UpdateEnvironmentRequest, EnvironmentResponseDto>(
    'billing.environment.update',
  ),
  environmentSettings: defineRequest<EnvironmentRef, EnvironmentSettings>(
    'billing.environment.settings',
  ),
  /** The account's environment an envId parameter names; FORBIDDEN when it names none of them. */
  environmentOfAccount: defineRequest<EnvironmentOfAccountRequest, EnvironmentIdentity>(
    'billing.environment.of-account',
  ),
  login: defineRequest<LoginDto, LoginResponseDto>('billing.session.login'),
  resolveSession: defineRequest<ResolveSessionRequest, Principal>('billing.session.resolve'),
  getAccount: defineRequest<AccountScope, AccountDetailsDto>('billing.account.get'),
  listAccounts: defineRequest<ProfileScope, AccountSummaryDto[]>('billing.account.list'),
  mfaStatus: defineRequest<ProfileScope, MfaStatusResponseDto>('billing.profile.mfa-status'),
  mfaSetup: defineRequest<ProfileScope, MfaSetupResponseDto>('billing.profile.mfa-setup'),
  mfaVerify: defineRequest<MfaVerifyRequest, SuccessResponseDto>('billing.profile.mfa-verify'),
  mfaDisable: defineRequest<MfaDisableRequest, SuccessResponseDto>('billing.profile.mfa-disable'),
  updateAccount: defineRequest<UpdateAccountRequest, AccountDetailsDto>('billing.account.update'),
  createAccount: defineRequest<CreateAccountRequest, AccountResponseDto>('billing.account.create'),
  renameAccount: defineRequest<RenameAccountRequest, RenameAccountResponseDto>(
    'billing.account.rename',
  ),
  getOrganization: defineRequest<AccountScope, OrganizationResponseDto>('billing.organization.get'),
  createOrganization: defineRequest<ProfileScope, CreateOrganizationResponseDto>(
    'billing.organization.create',
  ),
  currentUsage: defineRequest<AccountScope, OrganizationUsageDto>('billing.usage.current'),
  usageHistory: defineRequest<UsageHistoryRequest, OrganizationUsageHistoryDto>(
    'billing.usage.history',
  ),
  getAutoJoin: defineRequest<AccountScope, AutoJoinResponseDto>('billing.autojoin.get'),
  setAutoJoin: defineRequest<SetAutoJoinRequest, AutoJoinResponseDto>('billing.autojoin.set'),
  listMembers: defineRequest<AccountScope, MemberResponseDto[]>('billing.member.list'),
  inviteMember: defineRequest<InviteMemberRequest, InviteResponseDto>('billing.member.invite'),
  updateMember: defineRequest<UpdateMemberRequest, SuccessResponseDto>('billing.member.update'),
  removeMember: defineRequest<RemoveMemberRequest, SuccessResponseDto>('billing.member.remove'),
  acceptInvite: defineRequest<AcceptInviteRequest, AcceptInviteResponseDto>(
    'billing.profile.accept-invite',
  ),
  changeEmail: defineRequest<ChangeEmailRequest, SuccessResponseDto>(
    'billing.profile.change-email',
  ),
  deleteProfile: defineRequest<ProfileScope, SuccessResponseDto>('billing.profile.delete'),
  listKeys: defineRequest<AccountScope, ApiKeyResponseDto[]>('billing.apikey.list'),
  createKey: defineRequest<CreateKeyRequest, CreateKeyResponseDto>('billing.apikey.create'),
  revokeKey: defineRequest<KeyRef, RevokeKeyResponseDto>('billing.apikey.revoke'),
  identifyUser: defineRequest<IdentifyUserRequest, UserResponseDto>('notifications.user.identify'),
  getUser: defineRequest<EndUserRef, UserResponseDto>('notifications.user.get'),
  listInbox: defineRequest<ListInboxRequest, InappNotificationResponseDto[]>(
    'notifications.inbox.list',
  ),
  countUnread: defineRequest<EndUserRef, number>('notifications.inbox.count-unread'),
  /** The newest `limit` entries of a user changed after `since`, oldest first (stream resume). */
  inboxChangesSince: defineRequest<InboxChangesSinceRequest, InboxChangedEntry[]>(
    'notifications.inbox.changes-since',
  ),
  listUsers: defineRequest<ListUsersRequest, UsersListResponseDto>('notifications.user.list'),
  deleteUser: defineRequest<EndUserRef, DeleteUserResponseDto>('notifications.user.delete'),
  markSeen: defineRequest<MarkSeenRequest, SuccessResponseDto>('notifications.inbox.mark-seen'),
  updateInappStatus: defineRequest<UpdateInappStatusRequest, SuccessResponseDto>(
    'notifications.inbox.update-status',
  ),
  scheduleSend: defineRequest<SendCommand, SuccessResponseDto>('notifications.schedule.create'),
  updateSchedule: defineRequest<UpdateScheduleRequest, SendResponseDto>(
    'notifications.schedule.update',
  ),
  patchSchedule: defineRequest<PatchScheduleRequest, SendResponseDto>(
    'notifications.schedule.patch',
  ),
  deleteSchedule: defineRequest<ScheduledSendRef, SuccessResponseDto>(
    'notifications.schedule.delete',
  ),
  retract: defineRequest<RetractRequest, RetractResponseDto>('notifications.inbox.retract'),
  listTypes: defineRequest<TenantScope, NotificationTypeResponseDto[]>('notifications.type.list'),
  getType: defineRequest<NotificationTypeRef, NotificationTypeResponseDto>(
    'notifications.type.get',
  ),
  createType: defineRequest<CreateNotificationTypeRequest, NotificationTypeResponseDto>(
    'notifications.type.create',
  ),
  updateType: defineRequest<UpdateNotificationTypeRequest, NotificationTypeResponseDto>(
    'notifications.type.update',
  ),
  deleteType: defineRequest<NotificationTypeRef, SuccessResponseDto>('notifications.type.delete'),
  ensureSendPlan: defineRequest<EnsureSendPlanRequest, SendPlanDto>(
    'notifications.type.ensure-send-plan',
  ),
  saveSubNotification: defineRequest<SaveSubNotificationRequest, SubNotificationResponseDto>(
    'notifications.sub-notification.save',
  ),
  deleteSubNotification: defineRequest<SubNotificationRef, SuccessResponseDto>(
    'notifications.sub-notification.delete',
  ),
  listTemplates: defineRequest<TemplatesRef, TemplateResponseDto[]>('notifications.template.list'),
  getTemplate: defineRequest<TemplateRef, TemplateResponseDto>('notifications.template.get'),
  createTemplate: defineRequest<WriteTemplateRequest, TemplateResponseDto>(
    'notifications.template.create',
  ),
  updateTemplate: defineRequest<WriteTemplateRequest, TemplateResponseDto>(
    'notifications.template.update',
  ),
  deleteTemplate: defineRequest<TemplateRef, SuccessResponseDto>('notifications.template.delete'),
  setDefaultTemplate: defineRequest<SetDefaultTemplateRequest, TemplateResponseDto>(
    'notifications.template.set-default',
  ),
  getPreferences: defineRequest<EndUserRef, PreferencesResponseDto>('notifications.preference.get'),
  setPreferences: defineRequest<SetPreferencesRequest, PreferencesResponseDto>(
    'notifications.preference.set',
  ),
  deletePreferences: defineRequest<DeletePreferencesRequest, PreferencesResponseDto>(
    'notifications.preference.delete',
  ),
  removeSuppression: defineRequest<RemoveSuppressionRequest, UserSuppressionResponseDto>(
    'notifications.suppression.remove',
  ),
  removeSuppressions: defineRequest<BulkRemoveSuppressionsRequest, MessageResponseDto>(
    'notifications.suppression.remove-bulk',
  ),
  suppressEmail: defineRequest<SuppressEmailRequest, SuppressEmailResponseDto>(
    'notifications.suppression.set',
  ),
  logsByTrackingIds: defineRequest<LogsByTrackingIdsRequest, LogRecordDto[]>(
    'logs.logs.by-tracking-ids',
  ),
  logsPage: defineRequest<LogsPageRequest, LogMessagesResponseDto>('logs.messages.page'),
  logsTail: defineRequest<LogsTailRequest, LogRecordDto[]>('logs.logs.tail'),
  startLogQuery: defineRequest<StartLogQueryRequest, LogQueryResponseDto>('logs.query.start'),
  logQueryResult: defineRequest<LogQueryResultRequest, LogQueryResultPage>('logs.query.result'),
  getPushSettings: defineRequest<PushSettingsRef, PushSettingsResponseDto>(
    'delivery-workers.push-settings.get',
  ),
  saveFcmSettings: defineRequest<SaveFcmSettingsRequest, PushSettingsResponseDto>(
    'delivery-workers.push-settings.save-fcm',
  ),
  saveApnSettings: defineRequest<SaveApnSettingsRequest, PushSettingsResponseDto>(
    'delivery-workers.push-settings.save-apn',
  ),
  deletePushSettings: defineRequest<PushSettingsRef, SuccessResponseDto>(
    'delivery-workers.push-settings.delete',
  ),
  vapidPublicKey: defineRequest<TenantScope, VapidPublicKeyReply>(
    'delivery-workers.vapid.public-key',
  ),
  slackChannels: defineRequest<SlackChannelsRequest, SlackChannelDto[]>(
    'delivery-workers.slack.channels',
    { timeoutMs: PROVIDER_REPLY_TIMEOUT_MS },
  ),
  connectSlack: defineRequest<ConnectSlackRequest, SuccessResponseDto>(
    'delivery-workers.slack.connect',
    { timeoutMs: PROVIDER_REPLY_TIMEOUT_MS },
  ),
  setSmsOptOut: defineRequest<SetSmsOptOutRequest, SuccessResponseDto>(
    'notifications.sms-opt-out.set',
  ),
  removeDeadAddress: defineRequest<RemoveDeadAddressRequest, SuccessResponseDto>(
    'notifications.user.remove-dead-address',
  ),
  getEventsWebhook: defineRequest<TenantScope, EventsWebhookOfReply>(
    'delivery-workers.events-webhook.get',
  ),
  saveEventsWebhook: defineRequest<SaveEventsWebhookRequest, SavedEventsWebhook>(
    'delivery-workers.events-webhook.save',
  ),
  deleteEventsWebhook: defineRequest<TenantScope, SuccessResponseDto>(
    'delivery-workers.events-webhook.delete',
  ),
  addSenderDomain: defineRequest<SenderDomainRequest, SenderDomainResponseDto[]>(
    'delivery-workers.sender-domain.add',
    { timeoutMs: PROVIDER_REPLY_TIMEOUT_MS },
  ),
  listSenderDomains: defineRequest<AccountScope, SenderDomainResponseDto[]>(
    'delivery-workers.sender-domain.list',
  ),
  deleteSenderDomain: defineRequest<SenderDomainRequest, SuccessResponseDto>(
    'delivery-workers.sender-domain.delete',
  ),
  verifySenderDomain: defineRequest<SenderDomainRequest, SenderDomainResponseDto>(
    'delivery-workers.sender-domain.verify',
    { timeoutMs: PROVIDER_REPLY_TIMEOUT_MS },
  ),
  createInboxAddress: defineRequest<CreateInboxAddressRequest, InboxAddressEnvelopeDto>(
    'delivery-workers.inbox-address.create',
  ),
  listInboxAddresses: defineRequest<TenantScope, InboxAddressesResponseDto>(
    'delivery-workers.inbox-address.list',
  ),
  updateInboxAddress: defineRequest<UpdateInboxAddressRequest, InboxAddressEnvelopeDto>(
    'delivery-workers.inbox-address.update',
  ),
  deleteInboxAddress: defineRequest<InboxAddressRequest, SuccessResponseDto>(
    'delivery-workers.inbox-address.delete',
  ),
  searchAvailableNumbers: defineRequest<
    SearchAvailableNumbersRequest,
    SearchAvailablePhoneNumbersResponseDto
  >('numbers.number.search', { timeoutMs: PROVIDER_REPLY_TIMEOUT_MS }),
  orderNumber: defineRequest<OrderPhoneNumberRequest, OrderPhoneNumberResponseDto>(
    'numbers.number.order',
    { timeoutMs: PROVIDER_REPLY_TIMEOUT_MS },
  ),
  listNumbers: defineRequest<AccountScope, ListPhoneNumbersResponseDto>('numbers.number.list'),
  listReleasedNumbers: defineRequest<AccountScope, ListReleasedPhoneNumbersResponseDto>(
    'numbers.number.list-released',
  ),
  releaseNumber: defineRequest<PhoneNumberRef, ReleasePhoneNumberResponseDto>(
    'numbers.number.release',
  ),
  bindNumber: defineRequest<BindPhoneNumberRequest, PhoneNumberDto>('numbers.number.bind'),
  unbindNumbers: defineRequest<UnbindPhoneNumbersRequest, UnbindPhoneNumbersReply>(
    'numbers.number.unbind',
  ),
  /** For the voice service's inbound calls: who holds a number, and its agent. */
  routeNumber: defineRequest<PhoneNumberRouteRequest, PhoneNumberRouteReply>(
    'numbers.number.route',
  ),
  createVoiceAgent: defineRequest<CreateVoiceAgentRequest, VoiceAgentResponseDto>(
    'voice.agent.create',
  ),
  listVoiceAgents: defineRequest<AccountScope, ListVoiceAgentsResponseDto>('voice.agent.list'),
  getVoiceAgent: defineRequest<VoiceAgentRef, VoiceAgentResponseDto>('voice.agent.get'),
  updateVoiceAgent: defineRequest<UpdateVoiceAgentRequest, VoiceAgentResponseDto>(
    'voice.agent.update',
  ),
  deleteVoiceAgent: defineRequest<VoiceAgentRef, DeleteVoiceAgentResponseDto>('voice.agent.delete'),
  bindVoiceNumber: defineRequest<VoiceAgentNumberRequest, VoiceAgentResponseDto>(
    'voice.agent.bind-number',
  ),
  unbindVoiceNumber: defineRequest<VoiceAgentNumberRequest, VoiceAgentResponseDto>(
    'voice.agent.unbind-number',
  ),
  placeVoiceCall: defineRequest<PlaceVoiceCallRequest, VoiceCallResponseDto>('voice.call.place', {
    timeoutMs: PROVIDER_REPLY_TIMEOUT_MS,
  }),
  getVoiceCall: defineRequest<VoiceCallRef, GetVoiceCallResponseDto>('voice.call.get'),
  listVoiceCalls: defineRequest<ListVoiceCallsRequest, ListVoiceCallsResponseDto>(
    'voice.call.list',
  ),
  inboundVoiceCall: defineRequest<InboundVoiceCallRequest, InboundVoiceCallReply>(
    'voice.call.inbound',
  ),
  voiceCallStatus: defineRequest<VoiceCallStatusRequest, { known: boolean }>('voice.call.status'),
  createBrand: defineRequest<CreateBrandRequest, BrandResponseDto>('registrations.brand.create'),
  getBrand: defineRequest<AccountScope, BrandOfReply>('registrations.brand.get'),
  updateBrand: defineRequest<UpdateBrandRequest, BrandResponseDto>('registrations.brand.update'),
  getCampaign: defineRequest<AccountScope, CampaignOfReply>('registrations.campaign.get'),
  updateCampaign: defineRequest<UpdateCampaignRequest, CampaignResponseDto>(
    'registrations.campaign.update',
  ),
  /** Operator operations (admin CLI): never routed by the gateway. */
  listRegistrations: defineRequest<ListRegistrationsRequest, RegistrationSummaryDto[]>(
    'registrations.review.list',
  ),
  showRegistrations: defineRequest<AccountScope, AccountRegistrationsDto>(
    'registrations.review.show',
  ),
  submitRegistration: defineRequest<SubmitRegistrationRequest, RegistrationChangeDto>(
    'registrations.review.submit',
  ),
  decideRegistration: defineRequest<DecideRegistrationRequest, RegistrationChangeDto>(
    'registrations.review.decide',
  ),
} as const;

/** Fire-and-forget notices every replica of every interested service hears. */
export const Broadcasts = {
  billingChanges: defineBroadcast<BillingChange>('billing.changes'),
  notificationTypeChanges: defineBroadcast<NotificationTypeChange>('notifications.type-changes'),
  /** Among delivery-workers' replicas: the one that changed a configuration tells the others. */
  eventsWebhookChanges: defineBroadcast<EventsWebhookChange>(
    'delivery-workers.events-webhook-changes',
  ),
  /** Among delivery-workers' replicas: an account's sender domains changed. */
  senderDomainChanges: defineBroadcast<AccountScope>('delivery-workers.sender-domain-changes'),
  voicemailReached: defineBroadcast<VoicemailReached>('voice.voicemail-reached'),
} as const;

/** The readiness check every service answers. */
export function healthCheckRequest(service: ServiceName) {
  return defineRequest<Record<string, never>, HealthReply>(`${service}.health.check`, {
    traced: false,
  });
}

function deliveryJob<TJob extends DeliveryJob<object>>(subject: string): JobDefinition<TJob> {
  return defineJob<TJob>(StreamName.DELIVERY, subject, DELIVERY_JOB_SHAPE as Shape<TJob>);
}

/** Durable work on JetStream work-queue streams. */
export const Jobs = {
  acceptedSend: defineJob<SendCommand>(StreamName.SENDS, 'sends.accepted', SEND_COMMAND_SHAPE),
  inappDelivery: defineJob<InboxEntry>(StreamName.DELIVERY, 'delivery.inapp', INBOX_ENTRY_SHAPE),
  emailDelivery: deliveryJob<EmailDeliveryJob>('delivery.email'),
  smsDelivery: deliveryJob<SmsDeliveryJob>('delivery.sms'),
  callDelivery: deliveryJob<CallDeliveryJob>('delivery.call'),
  mobilePushDelivery: deliveryJob<MobilePushDeliveryJob>('delivery.mobile_push'),
  webPushDelivery: deliveryJob<WebPushDeliveryJob>('delivery.web_push'),
  slackDelivery: deliveryJob<SlackDeliveryJob>('delivery.slack'),
  providerCallback: defineJob<ProviderCallbackJob>(
    StreamName.DELIVERY,
    'delivery.callbacks',
    PROVIDER_CALLBACK_SHAPE,
  ),
  /** Mail Clarion's SMTP listener accepted: replies, inbox mail, bounces, receipts, complaints. */
  inboundEmail: defineJob<InboundEmailJob>(
    StreamName.DELIVERY,
    'delivery.email-inbound',
    INBOUND_EMAIL_SHAPE,
  ),
  usageCharge: defineJob<UsageChargeJob>(StreamName.USAGE, 'usage.charges', USAGE_CHARGE_SHAPE),
  /** Notifications' own background work, on its input stream: a bulk suppression removal. */
  suppressionRemoval: defineJob<SuppressionRemovalJob>(
    StreamName.SENDS,
    'sends.suppression-removals',
    SUPPRESSION_REMOVAL_SHAPE,
  ),
} as const;

/**
 * Audit records on the AUDIT stream (`audit.>`, limits retention): who changed what and when.
 * Published with the record's id as Nats-Msg-Id; nothing consumes them as work.
 */
export const AuditRecords = {
  registrationStatusChanged: defineJob<RegistrationStatusChangedEvent>(
    StreamName.AUDIT,
    'audit.registration.status-changed',
    REGISTRATION_STATUS_CHANGED_SHAPE,
  ),
} as const;

/** Durable consumer names: each is named after the service that owns it. */
export const Consumers = {
  notificationsSends: 'notifications',
  /** Named for its first owner: upgraded deployments resume the jobs left on it (see notifications). */
  notificationsInappJobs: 'delivery-workers-inapp',
  notificationsSuppressionRemovals: 'notifications-suppression-removals',
  deliveryWorkersEmail: 'delivery-workers-email',
  deliveryWorkersSms: 'delivery-workers-sms',
  deliveryWorkersCall: 'delivery-workers-call',
  deliveryWorkersMobilePush: 'delivery-workers-mobile-push',
  deliveryWorkersWebPush: 'delivery-workers-web-push',
  deliveryWorkersSlack: 'delivery-workers-slack',
  deliveryWorkersCallbacks: 'delivery-workers-callbacks',
  deliveryWorkersInboundEmail: 'delivery-workers-inbound-email',
  deliveryWorkersWebhooks: 'delivery-workers-webhooks',
  logsEvents: 'logs',
  billingCharges: 'billing-charges',
  numbersA2pCampaigns: 'numbers-a2p-campaigns',
} as const;
