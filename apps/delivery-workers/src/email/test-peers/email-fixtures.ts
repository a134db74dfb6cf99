import { Channel, EmailDeliveryJob, SendEmailOptionsDto } from '@clarion/contracts';
import { EmailConfig } from '../email-config';

/** An email job as the send pipeline renders it. */
export function emailJobOf(
  content: Partial<EmailDeliveryJob['content']> = {},
  email?: SendEmailOptionsDto,
  /** null: the user has no email address. */
  recipientEmail: string | null = 'ada@example.org',
): EmailDeliveryJob {
  return {
    trackingId: 'trk-1',
    accountId: 'acc-1',
    envId: 'env-1',
    channel: Channel.EMAIL,
    notificationId: 'welcome',
    recipient: { id: 'user-1', ...(recipientEmail === null ? {} : { email: recipientEmail }) },
    content: {
      subject: 'Welcome',
      html: '<html><body><p>Hello <a href="https://docs.example.com/start">start</a></p></body></html>',
      ...content,
    },
    ...(email ? { options: { email } } : {}),
    receivedAt: new Date().toISOString(),
  };
}

export function emailConfigOf(overrides: Partial<EmailConfig> = {}): EmailConfig {
  return {
    smtpUrl: 'smtp://127.0.0.1:2525',
    defaultFrom: { name: 'Clarion', address: 'notifications@clarion.test' },
    verifiedDomains: ['Acme.com'],
    publicUrl: 'https://clarion.test',
    trackingSecret: 'tracking-secret',
    returnPathHost: 'bounces.clarion.test',
    maxConnections: 2,
    ...overrides,
  };
}
