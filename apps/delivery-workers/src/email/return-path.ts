import { createHash } from 'node:crypto';
import { RETURN_PATH_LABEL } from '../sender-domains/sender-domain-records';

/**
 * VERP (variable envelope return path): every message Clarion sends names its own return path,
 * `bounces+<token>@<bounce domain>`, so a bounce or delivery report that comes back says which
 * message it is about by the address it was sent to. The token is also the local part of the
 * message's Message-ID, which is how the attempt is found again.
 */
const LOCAL_PART = /^bounces\+([0-9a-f]{32})$/;

/** The token of one message: derived from its attempt's idempotency key, so a resend keeps it. */
export function messageTokenOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
}

/** The envelope sender (MAIL FROM) of the message with `token`. */
export function returnPathOf(token: string, bounceDomain: string): string {
  return `${RETURN_PATH_LABEL}+${token}@${bounceDomain}`;
}

/** The message token of a return path address, or undefined when it is not one. */
export function returnPathTokenOf(address: string): string | undefined {
  const at = address.lastIndexOf('@');
  if (at <= 0) return undefined;
  return LOCAL_PART.exec(address.slice(0, at).toLowerCase())?.[1];
}

/**
 * Where bounces of mail from `signingDomain` go: its own `bounces.` subdomain once its MX record
 * is verified (the return path then aligns with the From domain), else the operator's bounce host.
 */
export function bounceDomainOf(
  signingDomain: { domain: string; returnPathVerified: boolean } | undefined,
  returnPathHost: string,
): string {
  return signingDomain?.returnPathVerified
    ? `${RETURN_PATH_LABEL}.${signingDomain.domain}`
    : returnPathHost;
}
