import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { dnsLookups, DnsLookups } from './dns-lookups';
import { SenderDomainDnsSettings } from './sender-domain-records';

/** Where sender domains' records point and how they are looked up. */
export class SenderDomainSettings {
  readonly dns: SenderDomainDnsSettings;
  readonly lookups: DnsLookups;

  constructor(env: DeliveryWorkersEnv) {
    this.dns = { spfInclude: env.EMAIL_SPF_INCLUDE, returnPathHost: env.EMAIL_RETURN_PATH_HOST };
    this.lookups = dnsLookups(
      env.DNS_SERVERS.split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    );
  }
}
