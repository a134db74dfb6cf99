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
 */
export function periodsToCharge(
  createdAt: Date,
  chargedUntil: Date | null,
  now: Date,
): BillingPeriod[] {
  const periods: BillingPeriod[] = [];
  let months = monthsBetween(createdAt, chargedUntil ?? now);
  while (periods.length < MAX_PERIODS) {
    const start = anniversary(createdAt, months);
    if (start.getTime() > now.getTime()) break;
    periods.push({ start, end: anniversary(createdAt, months + 1) });
    months += 1;
  }
  return periods;
}

/**
 * The first monthly anniversary of `createdAt` after `after`: numbers are charged at purchase
 * and then every month on the same day.
 */
export function nextBillingDate(createdAt: Date, after: Date): Date {
  return anniversary(createdAt, monthsBetween(createdAt, after) + 1);
}

/**
 * Months run from an anniversary of `createdAt` to the next, in UTC, always counted from
 * createdAt: a 31st stays the 31st, or the last day of a shorter month.
 */
function anniversary(createdAt: Date, months: number): Date {
  return DateTime.fromJSDate(createdAt, { zone: 'utc' }).plus({ months }).toJSDate();
}

/** The index of the month holding `at` (0 up to the first anniversary, and before createdAt). */
function monthsBetween(createdAt: Date, at: Date): number {
  const elapsed = DateTime.fromJSDate(at, { zone: 'utc' }).diff(
    DateTime.fromJSDate(createdAt, { zone: 'utc' }),
    'months',
  ).months;
  // The calendar's count is a guess that shorter months may put one off.
  let months = Math.max(0, Math.floor(elapsed));
  while (months > 0 && anniversary(createdAt, months).getTime() > at.getTime()) months -= 1;
  while (anniversary(createdAt, months + 1).getTime() <= at.getTime()) months += 1;
  return months;
}
