import { createHash } from 'node:crypto';
import { ErrorCode, newTimeOrderedId, Principal } from '@clarion/contracts';
import { StandInReply } from './service-stand-in';

/** What billing resolves a gateway under test's API key to: a verified account's secret key. */
export function testPrincipal(): Principal {
  return {
    accountId: newTimeOrderedId(),
    envId: newTimeOrderedId(),
    clientId: 'c1',
    keyId: 'k1',
    keyType: 'secret',
    accountStatus: 'verified',
    usageLimited: false,
  };
}

/** Billing's answer to resolveApiKey when it knows one key: `principal` for it, 401 for others. */
export function resolvingOnly(apiKey: string, principal: Principal) {
  const keyHash = createHash('sha256').update(apiKey).digest('hex');
  return (request: unknown): StandInReply =>
    (request as { keyHash: string }).keyHash === keyHash
      ? { data: principal }
      : { error: { code: ErrorCode.UNAUTHORIZED, message: 'unknown' } };
}
