import { heldUntil, isWithinReleaseWindow } from './release-window';

/** What an order finds about its number. */
export interface NumberHolding {
  accountId: string;
  status: 'active' | 'released';
  releasedAt: Date | null;
}

export type OrderDecision =
  /** Nobody holds the number: buy it from the provider. */
  | { kind: 'purchase' }
  /** The account released it less than 2 weeks ago: it gets it back as it was. */
  | { kind: 'reactivate' }
  /** Released 2 weeks ago or more, and still on the provider account: a new order of it. */
  | { kind: 'take-over' }
  | { kind: 'refuse'; reason: string; fix: string };

/** Whether `accountId` may order a number, given who holds it at `now`. */
export function decideOrder(
  phoneNumber: string,
  holding: NumberHolding | undefined,
  accountId: string,
  now: Date,
): OrderDecision {
  if (!holding) return { kind: 'purchase' };
  const own = holding.accountId === accountId;
  if (holding.status === 'active') {
    return own
      ? {
          kind: 'refuse',
          reason: `${phoneNumber} is already a number of this account`,
          fix: 'See GET /numbers/list.',
        }
      : {
          kind: 'refuse',
          reason: `${phoneNumber} is not available`,
          fix: 'Order a number that GET /numbers/available offers.',
        };
  }
  if (!holding.releasedAt || !isWithinReleaseWindow(holding.releasedAt, now)) {
    return { kind: 'take-over' };
  }
  if (own) return { kind: 'reactivate' };
  return {
    kind: 'refuse',
    reason: `${phoneNumber} is not available until ${heldUntil(holding.releasedAt).toISOString()}`,
    fix: 'Order another number that GET /numbers/available offers.',
  };
}
