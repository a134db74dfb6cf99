import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  Broadcasts,
  DomainError,
  ErrorCode,
  NotFoundError,
  SenderDomainRequest,
  SenderDomainResponseDto,
  senderDomainOf,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { newDkimKeyPair } from './dkim-key-pair';
import { DkimPrivateKeys } from './dkim-private-keys';
import { verifyRecords } from './domain-verification';
import { SenderDomainSettings } from './sender-domain-settings';
import { dkimTxtValue, domainStatusOf, expectedRecords } from './sender-domain-records';
import { SenderDomainRow, SenderDomainsRepository } from './sender-domains.repository';
import { SigningDomains } from './signing-domains';

/**
 * Sender domains of an account: adding one makes its DKIM key pair and the records to publish;
 * verifying looks them up in DNS. Mail from a verified domain is sent from it and DKIM-signed.
 */
@Injectable()
export class SenderDomainsService {
  constructor(
    private readonly repository: SenderDomainsRepository,
    private readonly keys: DkimPrivateKeys,
    private readonly settings: SenderDomainSettings,
    private readonly signing: SigningDomains,
    private readonly messaging: MessagingClient,
  ) {}

  /** Adds the domain (once: adding it again keeps its key) and answers all of the account's. */
  async add({ accountId, sender }: SenderDomainRequest): Promise<SenderDomainResponseDto[]> {
    const domain = senderDomainOf(sender);
    if (!(await this.repository.find(accountId, domain))) {
      const pair = await newDkimKeyPair();
      const selector = selectorOf(new Date());
      await this.repository.insertIfAbsent({
        accountId,
        domain,
        selector,
        dkimPublicKey: pair.publicKeyBase64,
        sealedPrivateKey: this.keys.seal(accountId, domain, pair.privateKeyPem),
        status: 'PENDING',
        records: expectedRecords(domain, selector, pair.publicKeyBase64, this.settings.dns),
      });
    }
    return this.list({ accountId });
  }

  async list({ accountId }: AccountScope): Promise<SenderDomainResponseDto[]> {
    return (await this.repository.list(accountId)).map(responseOf);
  }

  /** Looks the domain's records up now and records what was found. */
  async verify({ accountId, sender }: SenderDomainRequest): Promise<SenderDomainResponseDto> {
    const domain = senderDomainOf(sender);
    const row = await this.repository.find(accountId, domain);
    if (!row) throw notFound(domain);
    const records = await verifyRecords(row.records, this.settings.lookups).catch(
      (error: unknown) => {
        throw new DomainError(
          ErrorCode.PROVIDER_ERROR,
          `The DNS records of ${domain} could not be looked up: ${error instanceof Error ? error.message : String(error)}`,
          'Try again in a minute; the domain stays as it was.',
        );
      },
    );
    const updated = await this.repository.recordVerification(
      accountId,
      domain,
      domainStatusOf(records),
      records,
    );
    if (!updated) throw notFound(domain);
    if (updated.status !== row.status) this.changed(accountId);
    return responseOf(updated);
  }

  async delete({ accountId, sender }: SenderDomainRequest): Promise<void> {
    const domain = senderDomainOf(sender);
    if (!(await this.repository.delete(accountId, domain))) throw notFound(domain);
    this.changed(accountId);
  }

  /** Mail of the account stops or starts being signed at once, on every replica. */
  private changed(accountId: string): void {
    this.signing.forget({ accountId });
    this.messaging.broadcast(Broadcasts.senderDomainChanges, { accountId });
  }
}

/** A selector per key, dated, so that a later key can be published beside it. */
function selectorOf(at: Date): string {
  return `clarion${at.toISOString().slice(0, 10).replace(/-/g, '')}`;
}

function notFound(domain: string): NotFoundError {
  return new NotFoundError(
    `The sender domain ${domain}`,
    'List the domains of the account with GET /domains, or add it with POST /domains.',
  );
}

function responseOf(row: SenderDomainRow): SenderDomainResponseDto {
  const returnPath = row.records.find((record) => record.purpose === 'RETURN_PATH');
  return {
    sender: row.domain,
    status: row.status,
    lastSync: row.lastSync.toISOString(),
    createdAt: row.createdAt.toISOString(),
    selector: row.selector,
    verificationTokens: [dkimTxtValue(row.dkimPublicKey)],
    ...(returnPath && { mailFromDomainStatus: returnPath.status }),
    dnsRecords: row.records.map(({ purpose, type, name, value, status }) => ({
      purpose,
      type,
      name,
      value,
      status,
    })),
  };
}
