import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { PeriodicTask } from '@clarion/runtime';
import { isSealedSecret } from '@clarion/secrets';
import { describeError } from '../delivery/describe-error';
import { PushCredentialsRepository, StoredPrivateKey } from './push-credentials.repository';
import { PushPrivateKeys } from './push-private-keys';

/**
 * The first round comes this long after start, and the next ones as often: by then a rolling
 * update has replaced the replicas that cannot open what this one seals (those of the version
 * that stored keys in plaintext, or without the new master key), and the rounds catch what those
 * stored meanwhile.
 */
const EVERY_MS = 10 * 60_000;
const PAGE_SIZE = 200;

export interface ResealReport {
  /** Plaintext private keys now sealed. */
  sealed: number;
  /** Private keys moved from an older master key to the current one. */
  resealed: number;
  /** Private keys that did not open, which stay as they are. */
  unopened: number;
}

/**
 * Seals every push private key still in plaintext (stored before keys were sealed) and re-seals
 * those under an older master key once a new one is first in `SECRETS_MASTER_KEYS`. Each row is
 * replaced only if it still holds what was read, so replicas may do this at the same time.
 */
@Injectable()
export class PushPrivateKeysResealer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PushPrivateKeysResealer.name);
  private readonly task = new PeriodicTask(
    { name: 'Sealing push private keys', everyMs: EVERY_MS, firstAfterMs: EVERY_MS },
    () => this.resealAll(),
  );

  constructor(
    private readonly credentials: PushCredentialsRepository,
    private readonly privateKeys: PushPrivateKeys,
  ) {}

  onApplicationBootstrap(): void {
    if (this.privateKeys.sealsWithDevelopmentKey) {
      this.logger.warn(
        'provider private keys are sealed with the public development key (SECRETS_MASTER_KEYS unset); set a key of your own in production (openssl rand -base64 32)',
      );
    }
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async resealAll(): Promise<ResealReport> {
    const report: ResealReport = { sealed: 0, resealed: 0, unopened: 0 };
    const prefix = this.privateKeys.currentPrefix;
    let after: StoredPrivateKey | undefined;
    do {
      const page = await this.credentials.privateKeysNotStartingWith(prefix, after, PAGE_SIZE);
      for (const stored of page) await this.reseal(stored, report);
      after = page.length === PAGE_SIZE ? page.at(-1) : undefined;
    } while (after && !this.task.stopping);
    if (report.sealed + report.resealed > 0) {
      this.logger.log(
        `sealed ${report.sealed} plaintext and re-sealed ${report.resealed} push private keys under master key ${this.privateKeys.currentKeyId}`,
      );
    }
    return report;
  }

  private async reseal(stored: StoredPrivateKey, report: ResealReport): Promise<void> {
    let privateKey: string | undefined;
    try {
      privateKey = this.privateKeys.resealed(stored, stored.privateKey);
    } catch (error) {
      report.unopened++;
      this.logger.error(
        `the ${stored.provider} private key of environment ${stored.envId} does not open: ${describeError(error)}`,
      );
      return;
    }
    if (privateKey === undefined) return;
    if (!(await this.credentials.replacePrivateKey(stored, privateKey))) return;
    if (isSealedSecret(stored.privateKey)) report.resealed++;
    else report.sealed++;
  }
}
