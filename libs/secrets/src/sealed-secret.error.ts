/**
 * Why a sealed value did not open: `unknown-key` when the master key it names is not configured
 * (removed too early, or another deployment's), `not-authentic` when it was altered, sealed for
 * another record, or the key under that id is not the one it was sealed with, `malformed` when it
 * is not a sealed value at all.
 */
export type SealedSecretFailure = 'malformed' | 'unknown-key' | 'not-authentic';

/** A sealed value that does not open. Says which key it needed, never anything of the secret. */
export class SealedSecretError extends Error {
  constructor(
    readonly failure: SealedSecretFailure,
    readonly keyId?: string,
  ) {
    super(messageOf(failure, keyId));
    this.name = 'SealedSecretError';
  }
}

function messageOf(failure: SealedSecretFailure, keyId: string | undefined): string {
  switch (failure) {
    case 'malformed':
      return 'the value is not a sealed secret';
    case 'unknown-key':
      return `the secret is sealed under master key ${keyId}, which the keyring does not hold`;
    case 'not-authentic':
      return `the secret does not open with master key ${keyId}: it was altered, sealed for another record, or sealed under another key of that id`;
  }
}
