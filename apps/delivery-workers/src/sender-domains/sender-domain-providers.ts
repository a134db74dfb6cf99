import { Provider } from '@nestjs/common';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { DkimPrivateKeys } from './dkim-private-keys';
import { DkimPrivateKeysResealer } from './dkim-private-keys-resealer';
import { SenderDomainSettings } from './sender-domain-settings';
import { SenderDomainsHandlers } from './sender-domains.handlers';
import { SenderDomainsRepository } from './sender-domains.repository';
import { SenderDomainsService } from './sender-domains.service';
import { SigningDomains } from './signing-domains';

/** Sender domains: their keys, records, verification, and the signing keys email reads. */
export function senderDomainProviders(env: DeliveryWorkersEnv): Provider[] {
  return [
    { provide: SenderDomainSettings, useValue: new SenderDomainSettings(env) },
    DkimPrivateKeys,
    DkimPrivateKeysResealer,
    SenderDomainsHandlers,
    SenderDomainsRepository,
    SenderDomainsService,
    SigningDomains,
  ];
}
