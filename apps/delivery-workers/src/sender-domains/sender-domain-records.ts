import { DnsRecordPurpose, SenderDomainStatus } from '@clarion/contracts';

/** Where a sender domain's records point: Clarion's relay and bounce host. */
export interface SenderDomainDnsSettings {
  /** The relay's SPF record, which the domain's SPF record includes. */
  spfInclude: string;
  /** The host the return-path subdomain's MX record names. */
  returnPathHost: string;
}

/** A record the owner publishes, and the status of its last look-up. */
export interface ExpectedRecord {
  purpose: DnsRecordPurpose;
  type: 'TXT' | 'MX';
  name: string;
  value: string;
  status: SenderDomainStatus;
}

/** The subdomain mail from a sender domain bounces to (the envelope's MAIL FROM). */
export const RETURN_PATH_LABEL = 'bounces';

/** The DKIM TXT value of a public key (SPKI DER, base64). */
export function dkimTxtValue(publicKeyBase64: string): string {
  return `v=DKIM1; k=rsa; p=${publicKeyBase64}`;
}

/** What the owner of `domain` publishes for mail signed with `selector` to pass DKIM and SPF. */
export function expectedRecords(
  domain: string,
  selector: string,
  publicKeyBase64: string,
  settings: SenderDomainDnsSettings,
): ExpectedRecord[] {
  return [
    {
      purpose: 'DKIM',
      type: 'TXT',
      name: `${selector}._domainkey.${domain}`,
      value: dkimTxtValue(publicKeyBase64),
      status: 'PENDING',
    },
    {
      purpose: 'SPF',
      type: 'TXT',
      name: domain,
      value: `v=spf1 include:${settings.spfInclude} ~all`,
      status: 'PENDING',
    },
    {
      purpose: 'RETURN_PATH',
      type: 'MX',
      name: `${RETURN_PATH_LABEL}.${domain}`,
      value: settings.returnPathHost,
      status: 'PENDING',
    },
  ];
}

/**
 * SUCCESS once DKIM and SPF are published as expected (the return path only affects bounces, and
 * has a status of its own); FAILED when a look-up found either missing or different.
 */
export function domainStatusOf(records: ExpectedRecord[]): SenderDomainStatus {
  const required = records.filter((record) => record.purpose !== 'RETURN_PATH');
  if (required.every((record) => record.status === 'SUCCESS')) return 'SUCCESS';
  if (required.some((record) => record.status === 'FAILED')) return 'FAILED';
  return 'PENDING';
}
