import { IsIn, IsISO8601, IsNotEmpty, IsNumber, IsString, IsUUID, Min } from 'class-validator';

export const USAGE_CHARGE_KINDS = ['phone_number', 'voice_call'] as const;
export type UsageChargeKind = (typeof USAGE_CHARGE_KINDS)[number];

/**
 * A cost that is not a message: a number's month, a call's minutes. Published by the service
 * that incurs it on the USAGE stream with `chargeId` as Nats-Msg-Id; billing adds it to the
 * account's cycle once (a charge it has seen adds nothing) and applies the usage limits.
 */
export class UsageChargeJob {
  /** Stable for what is charged (`number:+14155550123:2026-11-21T10:00:00.000Z`, `call:<trackingId>`). */
  @IsString()
  @IsNotEmpty()
  chargeId!: string;

  @IsUUID()
  accountId!: string;

  @IsIn(USAGE_CHARGE_KINDS)
  kind!: UsageChargeKind;

  /** USD. */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  amount!: number;

  /** When it was incurred: it counts in the billing cycle holding this instant. */
  @IsISO8601()
  at!: string;
}
