import { SenderDomainStatus } from '@clarion/contracts';
import { DnsLookups } from './dns-lookups';
import { ExpectedRecord } from './sender-domain-records';

/**
 * Each expected record with the status its look-up gave: SUCCESS when published as expected
 * (whitespace aside; SPF: a `v=spf1` record that includes the relay's), FAILED otherwise.
 */
export async function verifyRecords(
  records: ExpectedRecord[],
  lookups: DnsLookups,
): Promise<ExpectedRecord[]> {
  return Promise.all(
    records.map(async (record) => ({ ...record, status: await statusOf(record, lookups) })),
  );
}

async function statusOf(record: ExpectedRecord, lookups: DnsLookups): Promise<SenderDomainStatus> {
  switch (record.purpose) {
    case 'DKIM': {
      const expected = dkimKeyOf(record.value);
      const found = await lookups.txt(record.name);
      return found.some((value) => dkimKeyOf(value) === expected) ? 'SUCCESS' : 'FAILED';
    }
    case 'SPF': {
      const include = record.value.split(' ').find((term) => term.startsWith('include:'));
      const found = await lookups.txt(record.name);
      const spf = found.filter((value) => /^v=spf1(\s|$)/i.test(value.trim()));
      // More than one SPF record is a permanent error for receivers (RFC 7208 4.5).
      const single = spf.length === 1 ? (spf[0] ?? '') : '';
      return include && single.toLowerCase().split(/\s+/).includes(include.toLowerCase())
        ? 'SUCCESS'
        : 'FAILED';
    }
    case 'RETURN_PATH': {
      const found = await lookups.mx(record.name);
      return found.includes(record.value.toLowerCase()) ? 'SUCCESS' : 'FAILED';
    }
  }
}

/** The p= tag of a DKIM record, the part that must match. */
function dkimKeyOf(value: string): string | undefined {
  const tag = value
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('p='));
  return tag?.slice(2).replace(/\s+/g, '');
}
