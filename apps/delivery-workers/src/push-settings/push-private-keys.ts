import { Injectable } from '@nestjs/common';
import { isSealedSecret, SecretContext, SecretSealer, sealedPrefix } from '@clarion/secrets';

/** The row of `delivery.push_credentials` a private key belongs to. */
export interface PushCredentialsRow {
  accountId: string;
  envId: string;
  provider: string;
}

/**
 * The private key of push credentials (the FCM service account's, the APNs .p8) sealed at rest
 * with `SECRETS_MASTER_KEYS`, bound to its row: copied to another tenant's row, it does not open.
 */
@Injectable()
export class PushPrivateKeys {
  constructor(private readonly sealer: SecretSealer) {}

  /** How every key sealed under the current master key begins (what needs no re-sealing). */
  get currentPrefix(): string {
    return sealedPrefix(this.sealer.currentKeyId);
  }

  get currentKeyId(): string {
    return this.sealer.currentKeyId;
  }

  get sealsWithDevelopmentKey(): boolean {
    return this.sealer.sealsWithDevelopmentKey;
  }

  seal(row: PushCredentialsRow, privateKey: string): string {
    return this.sealer.seal(privateKey, contextOf(row));
  }

  /**
   * The key of a stored row. A plaintext one is taken as it is: replicas of the previous version
   * still store them during a rolling update, and `PushPrivateKeysResealer` seals them.
   */
  open(row: PushCredentialsRow, stored: string): string {
    return isSealedSecret(stored) ? this.sealer.open(stored, contextOf(row)) : stored;
  }

  /** The stored key sealed under the current master key, or undefined when it already is. */
  resealed(row: PushCredentialsRow, stored: string): string | undefined {
    if (!isSealedSecret(stored)) return this.seal(row, stored);
    if (this.sealer.isSealedUnderCurrentKey(stored)) return undefined;
    return this.sealer.reseal(stored, contextOf(row));
  }
}

function contextOf({ accountId, envId, provider }: PushCredentialsRow): SecretContext {
  return ['delivery.push_credentials', accountId, envId, provider, 'privateKey'];
}
