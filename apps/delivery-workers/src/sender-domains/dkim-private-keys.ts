import { Injectable } from '@nestjs/common';
import { SecretContext, SecretSealer, sealedPrefix } from '@clarion/secrets';

/**
 * A sender domain's DKIM private key sealed at rest with `SECRETS_MASTER_KEYS`, bound to its row:
 * copied to another account's row, it does not open.
 */
@Injectable()
export class DkimPrivateKeys {
  constructor(private readonly sealer: SecretSealer) {}

  seal(accountId: string, domain: string, privateKeyPem: string): string {
    return this.sealer.seal(privateKeyPem, contextOf(accountId, domain));
  }

  open(accountId: string, domain: string, sealed: string): string {
    return this.sealer.open(sealed, contextOf(accountId, domain));
  }

  /** How every key sealed under the current master key begins (what needs no re-sealing). */
  get currentPrefix(): string {
    return sealedPrefix(this.sealer.currentKeyId);
  }

  get currentKeyId(): string {
    return this.sealer.currentKeyId;
  }

  /** The key sealed under the current master key (it throws when it does not open). */
  resealed(accountId: string, domain: string, sealed: string): string {
    return this.sealer.reseal(sealed, contextOf(accountId, domain));
  }
}

function contextOf(accountId: string, domain: string): SecretContext {
  return ['delivery.sender_domains', accountId, domain, 'dkimPrivateKey'];
}
