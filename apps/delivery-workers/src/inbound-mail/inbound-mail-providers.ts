import { Provider } from '@nestjs/common';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { InboundMailConsumer } from './inbound-mail.consumer';
import { InboundMailQueue } from './inbound-mail-queue';
import { INBOUND_MAIL_SETTINGS, inboundMailSettingsOf } from './inbound-mail-settings';
import { InboundMailService } from './inbound-mail.service';
import { InboundRecipients } from './inbound-recipients';
import { InboundSmtpListener } from './inbound-smtp-listener';
import { InboxMail } from './inbox-mail';
import { ReturnedMail } from './returned-mail';

/** Receiving mail: the SMTP listener, and the consumer that turns what it took into events. */
export function inboundMailProviders(env: DeliveryWorkersEnv): Provider[] {
  return [
    { provide: INBOUND_MAIL_SETTINGS, useValue: inboundMailSettingsOf(env) },
    InboundMailConsumer,
    InboundMailQueue,
    InboundMailService,
    InboundRecipients,
    InboundSmtpListener,
    InboxMail,
    ReturnedMail,
  ];
}
