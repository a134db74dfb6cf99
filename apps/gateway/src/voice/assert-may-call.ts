import { DomainError, ErrorCode, Principal } from '@clarion/contracts';

/** A call costs money: a blocked or usage-limited account may not place one. */
export function assertMayCall(principal: Principal): void {
  if (principal.accountStatus === 'blocked') {
    throw new DomainError(
      ErrorCode.ACCOUNT_BLOCKED,
      'This account is blocked and cannot place calls',
      'Contact the operator of this Clarion deployment to unblock the account.',
    );
  }
  if (principal.usageLimited) {
    throw new DomainError(
      ErrorCode.USAGE_LIMIT,
      "This account's usage has reached the cost cap of its budget tier for this billing cycle",
      'Move to a higher budget tier or turn on autoUpgrade (PATCH /account); usage resets on the date GET /account shows.',
    );
  }
}
