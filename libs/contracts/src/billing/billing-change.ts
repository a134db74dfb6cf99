/**
 * Broadcast by billing whenever something other services cache changes, so that they drop it at
 * once (every replica hears it; the caches' short TTLs cover a missed message).
 */
export type BillingChange =
  | { kind: 'api-key-revoked'; keyHash: string }
  | { kind: 'environment-changed'; envId: string; clientId: string }
  | { kind: 'account-changed'; accountId: string }
  | { kind: 'session-ended'; tokenHash: string };
