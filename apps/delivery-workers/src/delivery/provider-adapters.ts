import { Provider } from '@nestjs/common';
import { OutboundGuard } from '@clarion/outbound';
import { DeliveryWorkersEnv, numbersByName } from '../delivery-workers.env';
import { ApnsAdapter } from '../mobile-push/apns.adapter';
import { FcmAdapter } from '../mobile-push/fcm.adapter';
import { MobilePushConfig } from '../mobile-push/push-credentials';
import { SandboxAdapter } from '../sandbox/sandbox.adapter';
import { SlackAdapter } from '../slack/slack.adapter';
import { SlackApp } from '../slack/slack-config';
import { EmailProvider } from '../email/email-channel';
import { SmtpEmailAdapter } from '../email/smtp-email.adapter';
import { SmsProvider } from '../sms/sms-channel';
import { CallProvider } from '../call/call-channel';
import { AccountNumbers } from '../twilio/account-numbers';
import { TwilioCallAdapter } from '../twilio/twilio-call.adapter';
import { TwilioClient } from '../twilio/twilio-client';
import { TwilioSmsAdapter } from '../twilio/twilio-sms.adapter';
import { WebPushAdapter } from '../web-push/web-push.adapter';
import { DeliverySettings } from './delivery-settings';
import { CALL_PROVIDER, EMAIL_PROVIDER, SLACK_APP, SMS_PROVIDER } from './delivery.tokens';
import { ProviderRateLimits } from './provider-rate-limits';
import { RetryPolicy } from './retry-policy';

const SMTP_CONNECTIONS = 16;

/** The adapters configuration asks for: a real provider where one is configured, else the sandbox. */
export function providerAdapters(env: DeliveryWorkersEnv): Provider[] {
  const guard = OutboundGuard.fromAllowList(env.OUTBOUND_ALLOW_CIDRS);
  const twilio = twilioClient(env);
  const twilioSms = twilio && new TwilioSmsAdapter(twilio, new AccountNumbers(twilio));
  const mobilePush = mobilePushConfig(env);
  return [
    { provide: DeliverySettings, useValue: new DeliverySettings(env) },
    { provide: OutboundGuard, useValue: guard },
    { provide: RetryPolicy, useValue: new RetryPolicy(env.DELIVERY_RETRY_FOR_SECONDS * 1000) },
    {
      provide: ProviderRateLimits,
      useValue: new ProviderRateLimits(numbersByName(env.PROVIDER_RATE_LIMITS)),
    },
    { provide: EMAIL_PROVIDER, useValue: emailProvider(env, guard) },
    { provide: SMS_PROVIDER, useValue: smsProvider(twilioSms) },
    { provide: CALL_PROVIDER, useValue: callProvider(twilio) },
    ...(twilioSms ? [{ provide: TwilioSmsAdapter, useValue: twilioSms }] : []),
    { provide: FcmAdapter, useValue: new FcmAdapter(mobilePush) },
    { provide: ApnsAdapter, useValue: new ApnsAdapter(mobilePush) },
    { provide: WebPushAdapter, useValue: new WebPushAdapter(guard.fetch, env.VAPID_SUBJECT) },
    {
      provide: SlackAdapter,
      useValue: new SlackAdapter({ apiUrl: env.SLACK_API_URL }, guard.fetch),
    },
    { provide: SLACK_APP, useValue: slackApp(env) },
  ];
}

function slackApp(env: DeliveryWorkersEnv): SlackApp | null {
  if (!env.SLACK_CLIENT_ID || !env.SLACK_CLIENT_SECRET) return null;
  return { clientId: env.SLACK_CLIENT_ID, clientSecret: env.SLACK_CLIENT_SECRET };
}

function emailProvider(env: DeliveryWorkersEnv, guard: OutboundGuard): EmailProvider {
  if (!env.SMTP_URL) return sandboxed('email', 'SMTP_URL');
  return new SmtpEmailAdapter(
    {
      smtpUrl: env.SMTP_URL,
      defaultFrom: { name: env.EMAIL_FROM_NAME, address: env.EMAIL_FROM_ADDRESS },
      verifiedDomains: env.EMAIL_VERIFIED_DOMAINS.split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
      publicUrl: env.PUBLIC_URL,
      trackingSecret: env.TRACKING_SECRET,
      returnPathHost: env.EMAIL_RETURN_PATH_HOST,
      maxConnections: SMTP_CONNECTIONS,
    },
    guard.fetch,
  );
}

function twilioClient(env: DeliveryWorkersEnv): TwilioClient | undefined {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER } = env;
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM_NUMBER) return undefined;
  return new TwilioClient({
    baseUrl: env.TWILIO_BASE_URL,
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    fromNumber: TWILIO_FROM_NUMBER,
    publicUrl: env.PUBLIC_URL,
  });
}

function smsProvider(adapter: TwilioSmsAdapter | undefined): SmsProvider {
  if (!adapter)
    return sandboxed('SMS', 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER');
  return { provider: 'twilio', send: (job, ctx) => adapter.send(job, ctx) };
}

function callProvider(client: TwilioClient | undefined): CallProvider {
  if (!client)
    return sandboxed('call', 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER');
  const adapter = new TwilioCallAdapter(client);
  return { provider: 'twilio', send: (job, ctx) => adapter.send(job, ctx) };
}

function sandboxed(channel: string, missing: string): EmailProvider & SmsProvider & CallProvider {
  const sandbox = new SandboxAdapter(channel, missing);
  return {
    provider: 'sandbox',
    send: (job) =>
      sandbox.send(job, job.recipient.email ?? job.recipient.number ?? job.recipient.id),
  };
}

function mobilePushConfig(env: DeliveryWorkersEnv): MobilePushConfig {
  return {
    fcmBaseUrl: env.FCM_BASE_URL,
    googleOAuthTokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
    apnsHost: env.APNS_HOST,
  };
}
