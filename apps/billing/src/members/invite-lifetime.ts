import { Provider } from '@nestjs/common';

const HOUR_MS = 60 * 60 * 1000;

/** A week, unless INVITE_TTL_HOURS says otherwise. */
export const DEFAULT_INVITE_TTL_HOURS = 7 * 24;

/** How long an invitation can be redeemed once made (INVITE_TTL_HOURS). */
export class InviteLifetime {
  constructor(readonly hours: number) {}

  /** When an invitation made at `madeAt` can no longer be redeemed. */
  expiryOf(madeAt: Date): Date {
    return new Date(madeAt.getTime() + this.hours * HOUR_MS);
  }
}

export function inviteLifetimeProvider(hours: number): Provider {
  return { provide: InviteLifetime, useValue: new InviteLifetime(hours) };
}
