import { DateTime } from 'luxon';

/** One month of a number: from an anniversary of its createdAt to the next. */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

/** More would mean the charges stopped for a year; the rest follow in later rounds. */
const MAX_PERIODS = 12;

/**
 * The months of a number still to charge at `now`: from the end of the last month charged
 * (`chargedUntil`) to the month holding `now`; without a charge yet, the month holding `now`.
 * Months run from an anniversary of `createdAt` to the next (a 31st stays the 31st, or the last
 * day of a shorter month), in UTC.
 */
export function periodsToCharge(
  createdAt: Date,
  chargedUntil: Date | null,
  now: Date,
): BillingPeriod[] {
  const periods: BillingPeriod[] = [];
  let months = chargedUntil ? monthsBetween(createdAt, chargedUntil) : monthsBefore(createdAt, now);
  while (periods.length < MAX_PERIODS) {
    const start = anniversary(createdAt, months);
    if (start.getTime() > now.getTime()) break;
    periods.push({ start, end: anniversary(createdAt, months + 1) });
    months += 1;
  }
  return periods;
}

function anniversary(createdAt: Date, months: number): Date {
  return DateTime.fromJSDate(createdAt, { zone: 'utc' }).plus({ months }).toJSDate();
}

/** Whole months from createdAt to the anniversary `at`. */
function monthsBetween(createdAt: Date, at: Date): number {
  let months = 0;
  while (anniversary(createdAt, months + 1).getTime() <= at.getTime()) months += 1;
  return months;
}

/** The index of the month holding `now`. */
function monthsBefore(createdAt: Date, now: Date): number {
  return Math.max(0, monthsBetween(createdAt, now));
}
