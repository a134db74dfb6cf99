export type PresentedCredentials =
  | { kind: 'apiKey'; key: string }
  | { kind: 'client'; clientId: string; clientSecret: string }
  | { kind: 'endUser'; clientId: string; userId: string; hmac: string }
  | { kind: 'none' }
  | { kind: 'malformed'; reason: string };

/**
 * Reads the Authorization header: `Bearer <API key>`, `Basic base64(clientId:clientSecret)` or,
 * for end users, `Basic base64(clientId:userId:hmac)`. A userId may hold colons; the clientId
 * and the base64 hmac never do.
 */
export function parseAuthorization(header: string | undefined): PresentedCredentials {
  if (!header) return { kind: 'none' };
  const [scheme = '', ...rest] = header.trim().split(/\s+/);
  const value = rest.join(' ');
  if (!value) return { kind: 'malformed', reason: 'the Authorization header has no credentials' };
  switch (scheme.toLowerCase()) {
    case 'bearer':
      return { kind: 'apiKey', key: value };
    case 'basic':
      return parseBasic(value);
    default:
      return {
        kind: 'malformed',
        reason: `the ${scheme} scheme is not supported; use Bearer or Basic`,
      };
  }
}

function parseBasic(encoded: string): PresentedCredentials {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const first = decoded.indexOf(':');
  if (first <= 0)
    return { kind: 'malformed', reason: 'Basic credentials must be base64(clientId:secret)' };
  const clientId = decoded.slice(0, first);
  const remainder = decoded.slice(first + 1);
  const last = remainder.lastIndexOf(':');
  if (last === -1) return { kind: 'client', clientId, clientSecret: remainder };
  return {
    kind: 'endUser',
    clientId,
    userId: remainder.slice(0, last),
    hmac: remainder.slice(last + 1),
  };
}
