import { ChannelOptionsDto, DeliveryOption, WEEKDAYS } from '@clarion/contracts';
import { DateTime } from 'luxon';

const DEFAULT_HOUR = '09:00';

/**
 * When a digest of `delivery` gathered now goes out, in the user's timezone (UTC if unknown):
 * the next full hour, or the next day / weekday / first or last of the month at the type's hour.
 */
export function digestReleaseTime(
  delivery: DeliveryOption,
  options: ChannelOptionsDto | undefined,
  timezone: string | undefined,
  now: Date,
): Date {
  const zone = timezone && DateTime.now().setZone(timezone).isValid ? timezone : 'UTC';
  const local = DateTime.fromJSDate(now, { zone });
  if (delivery === DeliveryOption.HOURLY) {
    return local.startOf('hour').plus({ hours: 1 }).toJSDate();
  }
  const [hour, minute] = hourOf(delivery, options);
  const at = (day: DateTime) => day.set({ hour, minute, second: 0, millisecond: 0 });
  let candidate = at(local);
  const next = (day: DateTime): DateTime => day.plus({ days: 1 });
  if (delivery === DeliveryOption.WEEKLY) {
    const weekday = WEEKDAYS.indexOf(
      (options?.weekly?.day ?? 'monday') as (typeof WEEKDAYS)[number],
    );
    const luxonWeekday = weekday === 0 ? 7 : weekday;
    while (candidate.weekday !== luxonWeekday || candidate <= local) candidate = next(candidate);
    return candidate.toJSDate();
  }
  if (delivery === DeliveryOption.MONTHLY) {
    const last = options?.monthly?.date === 'last';
    const inMonth = (day: DateTime) => at(last ? day.endOf('month') : day.startOf('month'));
    candidate = inMonth(local);
    if (candidate <= local) candidate = inMonth(local.plus({ months: 1 }).startOf('month'));
    return candidate.toJSDate();
  }
  while (candidate <= local) candidate = next(candidate);
  return candidate.toJSDate();
}

function hourOf(
  delivery: DeliveryOption,
  options: ChannelOptionsDto | undefined,
): [number, number] {
  const hour =
    (delivery === DeliveryOption.DAILY && options?.daily?.hour) ||
    (delivery === DeliveryOption.WEEKLY && options?.weekly?.hour) ||
    (delivery === DeliveryOption.MONTHLY && options?.monthly?.hour) ||
    DEFAULT_HOUR;
  const [h = '9', m = '0'] = hour.split(':');
  return [Number(h), Number(m)];
}
