import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { PeriodicTask } from '@clarion/runtime';
import { describeError } from '../delivery/describe-error';
import { DkimPrivateKeys } from './dkim-private-keys';
import { SealedDkimKey, SenderDomainsRepository } from './sender-domains.repository';

/** As for push private keys: after a rolling update has given every replica the new key. */
const EVERY_MS = 10 * 60_000;
const PAGE_SIZE = 200;

/**
 * Re-seals DKIM private keys sealed under an older master key once a new one is first in
 * `SECRETS_MASTER_KEYS`, so that the old one can be removed (README, "Rotating the master key").
 * A row is replaced only if it still holds what was read, so replicas may do this at once.
 */
@Injectable()
export class DkimPrivateKeysResealer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DkimPrivateKeysResealer.name);
  private readonly task = new PeriodicTask(
    { name: 'Re-sealing DKIM private keys', everyMs: EVERY_MS, firstAfterMs: EVERY_MS },
    () => this.resealAll().then(() => undefined),
  );

  constructor(
    private readonly domains: SenderDomainsRepository,
    private readonly keys: DkimPrivateKeys,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** How many keys were re-sealed. */
  async resealAll(): Promise<number> {
    let resealed = 0;
    let after: SealedDkimKey | undefined;
    do {
      const page = await this.domains.keysNotStartingWith(
        this.keys.currentPrefix,
        after,
        PAGE_SIZE,
      );
      for (const stored of page) if (await this.reseal(stored)) resealed++;
      after = page.length === PAGE_SIZE ? page.at(-1) : undefined;
    } while (after && !this.task.stopping);
    if (resealed > 0) {
      this.logger.log(
        `re-sealed ${resealed} DKIM private keys under master key ${this.keys.currentKeyId}`,
      );
    }
    return resealed;
  }

  private async reseal(stored: SealedDkimKey): Promise<boolean> {
    let resealed: string;
    try {
      resealed = this.keys.resealed(stored.accountId, stored.domain, stored.sealedPrivateKey);
    } catch (error) {
      this.logger.error(
        `the DKIM private key of ${stored.domain} (account ${stored.accountId}) does not open: ${describeError(error)}`,
      );
      return false;
    }
    return this.domains.replaceKey(stored, resealed);
  }
}
