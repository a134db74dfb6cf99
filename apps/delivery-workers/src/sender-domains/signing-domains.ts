import { Injectable, Logger } from '@nestjs/common';
import { AccountScope, Broadcasts } from '@clarion/contracts';
import { OnBroadcast } from '@clarion/messaging';
import { ExpiringCache } from '@clarion/runtime';
import { describeError } from '../delivery/describe-error';
import { DkimPrivateKeys } from './dkim-private-keys';
import { SenderDomainsRepository } from './sender-domains.repository';

/** A verified sender domain as the email channel signs with it. */
export interface SigningDomain {
  domain: string;
  selector: string;
  privateKeyPem: string;
  /** Its return-path MX is published: bounces of its mail go to `bounces.<domain>`. */
  returnPathVerified: boolean;
}

/** A change the broadcast missed is outlived by this (core NATS is at most once). */
const TTL_MS = 30_000;
const MAX_ACCOUNTS = 10_000;

/**
 * The verified sender domains of each account, with their opened DKIM keys, as every email
 * delivery asks for them: remembered per account, dropped on a change by the replica that made it
 * and, through a broadcast, by the others.
 */
@Injectable()
export class SigningDomains {
  private readonly logger = new Logger(SigningDomains.name);
  private readonly domains = new ExpiringCache<SigningDomain[]>(
    TTL_MS,
    0,
    () => false,
    MAX_ACCOUNTS,
  );

  constructor(
    private readonly repository: SenderDomainsRepository,
    private readonly keys: DkimPrivateKeys,
  ) {}

  of(accountId: string): Promise<SigningDomain[]> {
    return this.domains.get(accountId, () => this.lookUp(accountId));
  }

  @OnBroadcast(Broadcasts.senderDomainChanges)
  forget({ accountId }: AccountScope): void {
    this.domains.delete(accountId);
  }

  private async lookUp(accountId: string): Promise<SigningDomain[]> {
    const rows = await this.repository.list(accountId);
    return rows
      .filter((row) => row.status === 'SUCCESS')
      .flatMap((row) => {
        try {
          const privateKeyPem = this.keys.open(accountId, row.domain, row.sealedPrivateKey);
          const returnPathVerified = row.records.some(
            (record) => record.purpose === 'RETURN_PATH' && record.status === 'SUCCESS',
          );
          return [
            { domain: row.domain, selector: row.selector, privateKeyPem, returnPathVerified },
          ];
        } catch (error) {
          // A key that does not open (its master key removed too early) must not hold back the
          // account's other mail: mail from this domain goes from the built-in sender meanwhile.
          this.logger.error(
            `the DKIM private key of ${row.domain} (account ${accountId}) does not open: ${describeError(error)}`,
          );
          return [];
        }
      });
  }
}
