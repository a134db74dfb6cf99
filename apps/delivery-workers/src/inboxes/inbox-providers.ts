import { Provider } from '@nestjs/common';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { InboxAddressesHandlers } from './inbox-addresses.handlers';
import { InboxAddressesRepository } from './inbox-addresses.repository';
import { InboxAddressesService } from './inbox-addresses.service';
import { InboxSettings } from './inbox-settings';

/** Inbox addresses: the `/addresses` requests, and the look-up inbound mail is routed by. */
export function inboxProviders(env: DeliveryWorkersEnv): Provider[] {
  return [
    { provide: InboxSettings, useValue: new InboxSettings(env) },
    InboxAddressesHandlers,
    InboxAddressesRepository,
    InboxAddressesService,
  ];
}
