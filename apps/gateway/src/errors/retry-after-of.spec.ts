import { DomainError, ErrorCode } from '@clarion/contracts';
import { retryAfterOf } from './retry-after-of';

describe(retryAfterOf.name, () => {
  it('gives every 429, 503 and 504 a Retry-After', () => {
    for (const code of [
      ErrorCode.RATE_LIMITED,
      ErrorCode.SERVICE_UNAVAILABLE,
      ErrorCode.SERVICE_TIMEOUT,
    ]) {
      expect(retryAfterOf(new DomainError(code, 'not now'))).toBeGreaterThanOrEqual(1);
    }
  });

  it("uses the error's own seconds, rounded up to a whole second", () => {
    expect(retryAfterOf(new DomainError(ErrorCode.RATE_LIMITED, 'locked', undefined, 899.2))).toBe(
      900,
    );
    expect(retryAfterOf(new DomainError(ErrorCode.RATE_LIMITED, 'soon', undefined, 0))).toBe(1);
  });

  it('gives other answers none', () => {
    expect(retryAfterOf(new DomainError(ErrorCode.NOT_FOUND, 'gone'))).toBeUndefined();
    expect(retryAfterOf(new DomainError(ErrorCode.INTERNAL_ERROR, 'bug'))).toBeUndefined();
  });
});
