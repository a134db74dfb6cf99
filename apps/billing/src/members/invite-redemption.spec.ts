import { ErrorCode } from '@clarion/contracts';
import { InviteEntity } from './invite.entity';
import { assertRedeemableBy } from './invite-redemption';

describe(assertRedeemableBy.name, () => {
  const expiresAt = new Date('2026-03-08T12:00:00.000Z');
  const invite = { email: 'bob@example.test', expiresAt } as InviteEntity;
  const beforeExpiry = new Date(expiresAt.getTime() - 1);

  it('lets the invited email redeem, whatever its case and surrounding spaces', () => {
    expect(() => assertRedeemableBy(invite, ' Bob@Example.TEST ', beforeExpiry)).not.toThrow();
  });

  it('refuses another email with FORBIDDEN and a fix', () => {
    expect(() => assertRedeemableBy(invite, 'mallory@example.test', beforeExpiry)).toThrow(
      expect.objectContaining({ code: ErrorCode.FORBIDDEN, fix: expect.any(String) }),
    );
  });

  it('refuses another email even when the invitation has expired', () => {
    expect(() => assertRedeemableBy(invite, 'mallory@example.test', expiresAt)).toThrow(
      expect.objectContaining({ code: ErrorCode.FORBIDDEN }),
    );
  });

  it('refuses the invited email from the instant of expiry, saying when it expired', () => {
    expect(() => assertRedeemableBy(invite, 'bob@example.test', expiresAt)).toThrow(
      expect.objectContaining({
        code: ErrorCode.INVITATION_EXPIRED,
        message: 'This invitation expired at 2026-03-08T12:00:00.000Z',
        fix: expect.any(String),
      }),
    );
  });
});
