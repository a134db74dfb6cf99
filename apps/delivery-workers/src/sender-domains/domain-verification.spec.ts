import { DnsPeer } from '@clarion/testing';
import { dnsLookups } from './dns-lookups';
import { verifyRecords } from './domain-verification';
import { expectedRecords } from './sender-domain-records';

const KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(9);
const SETTINGS = { spfInclude: '_spf.relay.test', returnPathHost: 'bounces.relay.test' };

describe(verifyRecords.name, () => {
  let dns: DnsPeer;

  beforeEach(async () => {
    dns = await DnsPeer.start();
  });

  afterEach(() => dns.close());

  const statusesOf = async (domain: string) =>
    (
      await verifyRecords(expectedRecords(domain, 's1', KEY, SETTINGS), dnsLookups([dns.server]))
    ).map(({ purpose, status }) => `${purpose}:${status}`);

  it('finds records published as expected: a key split over TXT strings, SPF among other terms, the MX host in any case', async () => {
    dns.publish('TXT', 's1._domainkey.shop.test', `v=DKIM1;  k=rsa; p=${KEY}`);
    dns.publish('TXT', 'shop.test', 'google-site-verification=abc');
    dns.publish('TXT', 'shop.test', 'v=spf1 ip4:192.0.2.1 include:_SPF.relay.test -all');
    dns.publish('MX', 'bounces.shop.test', 'Bounces.Relay.Test');
    await expect(statusesOf('shop.test')).resolves.toEqual([
      'DKIM:SUCCESS',
      'SPF:SUCCESS',
      'RETURN_PATH:SUCCESS',
    ]);
  });

  it('fails what is missing or different: another key, two SPF records, another MX host', async () => {
    dns.publish('TXT', 's1._domainkey.shop.test', `v=DKIM1; k=rsa; p=${KEY.slice(1)}`);
    dns.publish('TXT', 'shop.test', 'v=spf1 include:_spf.relay.test ~all');
    dns.publish('TXT', 'shop.test', 'v=spf1 include:_spf.other.test ~all');
    dns.publish('MX', 'bounces.shop.test', 'mx.other.test');
    await expect(statusesOf('shop.test')).resolves.toEqual([
      'DKIM:FAILED',
      'SPF:FAILED',
      'RETURN_PATH:FAILED',
    ]);
  });

  it('fails every record of a domain that publishes none', async () => {
    await expect(statusesOf('nothing.test')).resolves.toEqual([
      'DKIM:FAILED',
      'SPF:FAILED',
      'RETURN_PATH:FAILED',
    ]);
  });
});
