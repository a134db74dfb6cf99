import { DomainError, ErrorCode, Principal } from '@clarion/contracts';

/**
 * What costs money (sending, ordering a number, placing a call): a blocked account may not (403),
 * nor one whose usage reached its cost cap (402). `action` completes "cannot …".
 */
export function assertMaySpend(principal: Principal, action: string): void {
  assertNotBlocked(principal, action);
  assertWithinUsageLimit(principal);
}

export function assertNotBlocked(principal: Principal, action: string): void {
  if (principal.accountStatus === 'blocked') {
    throw new DomainError(
      ErrorCode.ACCOUNT_BLOCKED,
      `This account is blocked and cannot ${action}`,
      'Contact the operator of this Clarion deployment to unblock the account.',
    );
  }
}

export function assertWithinUsageLimit(principal: Principal): void {
  if (principal.usageLimited) {
    throw new DomainError(
      ErrorCode.USAGE_LIMIT,
      "This account's usage has reached the cost cap of its budget tier for this billing cycle",
      'Move to a higher budget tier or turn on autoUpgrade (PATCH /account); usage resets on the date GET /account shows.',
    );
  }
}
