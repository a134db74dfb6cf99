import { DynamicModule, Module } from '@nestjs/common';
import { OutboundGuard } from '@clarion/outbound';
import { messagingFor } from '@clarion/runtime';
import { AccountsController } from './accounts/accounts.controller';
import { OrganizationController } from './accounts/organization.controller';
import { ApiKeyGuard, EndUserGuard } from './auth/auth.guards';
import { CallerEnvironments } from './auth/caller-environments';
import { CredentialsResolver } from './auth/credentials.resolver';
import { MemberGuard } from './auth/member.guard';
import { EnvironmentsController } from './environments/environments.controller';
import { AddressesController } from './addresses/addresses.controller';
import { DomainsController } from './domains/domains.controller';
import { EventsWebhooksController } from './events-webhooks/events-webhooks.controller';
import { GatewayEnv } from './gateway.env';
import { GATEWAY_ENV } from './gateway.tokens';
import { StatusController } from './health/status.controller';
import { StatusService } from './health/status.service';
import { IdempotencyService } from './idempotency/idempotency.service';
import { InappController } from './inapp/inapp.controller';
import { InappStreamController } from './inapp/inapp-stream.controller';
import { InboxStreams } from './inapp/inbox-streams';
import { StreamAuthGuard } from './inapp/stream-auth.guard';
import { KeysController } from './keys/keys.controller';
import { ClientIdInPathGuard } from './legacy/client-id-in-path.guard';
import { LegacyLogsController } from './legacy/legacy-logs.controller';
import { LegacyPreferencesController } from './legacy/legacy-preferences.controller';
import { LegacySendsController } from './legacy/legacy-sends.controller';
import { LegacySubNotificationsController } from './legacy/legacy-sub-notifications.controller';
import { LegacyUsersController } from './legacy/legacy-users.controller';
import { VerifiedEndUserGuard } from './legacy/verified-end-user.guard';
import { LogQueriesController } from './logs/log-queries.controller';
import { LogsController } from './logs/logs.controller';
import { AutoJoinController } from './members/auto-join.controller';
import { MembersController } from './members/members.controller';
import { TemplatesController } from './notification-types/templates.controller';
import { TypesController } from './notification-types/types.controller';
import { NumbersController } from './numbers/numbers.controller';
import { EndUserPreferencesController } from './preferences/end-user-preferences.controller';
import { PreferencesController } from './preferences/preferences.controller';
import { MfaController } from './profile/mfa.controller';
import { ProfileController } from './profile/profile.controller';
import { TwilioWebhooksController } from './provider-callbacks/twilio-webhooks.controller';
import { PushSettingsController } from './push-settings/push-settings.controller';
import { AuthFailureLimiter } from './rate-limits/auth-failure-limiter';
import { RateLimiter } from './rate-limits/rate-limiter';
import { RegistrationsController } from './registrations/registrations.controller';
import { RetractController } from './retractions/retract.controller';
import { DirectSendsController } from './sends/direct-sends.controller';
import { InlineAttachments } from './sends/inline-attachments';
import { SchedulerController } from './sends/scheduler.controller';
import { SendPlanCache } from './sends/send-plan.cache';
import { SendsController } from './sends/sends.controller';
import { SenderNumbers } from './sends/sender-numbers';
import { SendsService } from './sends/sends.service';
import { TestEmailsController } from './sends/test-emails.controller';
import { TestEmailsService } from './sends/test-emails.service';
import { SessionsController } from './sessions/sessions.controller';
import { SubNotificationsController } from './sub-notifications/sub-notifications.controller';
import { SuppressionsController } from './suppressions/suppressions.controller';
import { TrackingController } from './tracking/tracking.controller';
import { DashboardAccountController } from './unavailable/dashboard-account.controller';
import { UnavailableOperationsController } from './unavailable/unavailable-operations.controller';
import { TrackingService } from './tracking/tracking.service';
import { UsersController } from './users/users.controller';
import { AccountMetadataController } from './users/account-metadata.controller';
import { VoiceAgentsController } from './voice/voice-agents.controller';
import { VoiceCallsController } from './voice/voice-calls.controller';
import { VoiceWebhooksController } from './voice/voice-webhooks.controller';

@Module({})
export class GatewayModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: GatewayModule,
      imports: [messagingFor('gateway', env)],
      controllers: [
        AccountsController,
        OrganizationController,
        DirectSendsController,
        EndUserPreferencesController,
        PreferencesController,
        PushSettingsController,
        RegistrationsController,
        SuppressionsController,
        TemplatesController,
        TrackingController,
        TwilioWebhooksController,
        TypesController,
        UnavailableOperationsController,
        DashboardAccountController,
        SessionsController,
        EnvironmentsController,
        AddressesController,
        DomainsController,
        EventsWebhooksController,
        InappController,
        InappStreamController,
        KeysController,
        MembersController,
        AutoJoinController,
        MfaController,
        NumbersController,
        ProfileController,
        LogQueriesController,
        LogsController,
        SchedulerController,
        TestEmailsController,
        SendsController,
        StatusController,
        AccountMetadataController,
        UsersController,
        VoiceAgentsController,
        VoiceCallsController,
        VoiceWebhooksController,
        RetractController,
        SubNotificationsController,
        // The hosted service's /{clientId}/… routes, after every other: fixed paths win anyway.
        LegacyLogsController,
        LegacyPreferencesController,
        LegacySendsController,
        LegacySubNotificationsController,
        LegacyUsersController,
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        { provide: OutboundGuard, useValue: OutboundGuard.fromAllowList(env.OUTBOUND_ALLOW_CIDRS) },
        ApiKeyGuard,
        AuthFailureLimiter,
        ClientIdInPathGuard,
        CallerEnvironments,
        CredentialsResolver,
        EndUserGuard,
        IdempotencyService,
        InboxStreams,
        InlineAttachments,
        MemberGuard,
        RateLimiter,
        SendPlanCache,
        SenderNumbers,
        SendsService,
        StatusService,
        StreamAuthGuard,
        TestEmailsService,
        TrackingService,
        VerifiedEndUserGuard,
      ],
    };
  }
}
