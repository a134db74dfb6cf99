import { ThrottlingDto, ThrottlingUnit } from '@clarion/contracts';

const UNIT_SECONDS: Record<ThrottlingUnit, number> = {
  seconds: 1,
  minutes: 60,
  hours: 3_600,
  days: 86_400,
  months: 30 * 86_400,
  years: 365 * 86_400,
};

export interface ThrottleWindow {
  start: Date;
  /** When the counter can be forgotten; null for a limit that counts forever. */
  expiresAt: Date | null;
}

/** The fixed window `now` falls in: periods counted from the Unix epoch. */
export function throttleWindow(throttling: ThrottlingDto, now: Date): ThrottleWindow {
  if (throttling.forever) return { start: new Date(0), expiresAt: null };
  const lengthMs = throttling.period * UNIT_SECONDS[throttling.unit] * 1000;
  const start = Math.floor(now.getTime() / lengthMs) * lengthMs;
  return { start: new Date(start), expiresAt: new Date(start + lengthMs) };
}

/** What a throttle counts: per user, per type, or per user and type (spec 2.11 scope). */
export function throttleScopeKey(
  throttling: ThrottlingDto,
  notificationId: string,
  userId: string,
): string {
  const parts: string[] = [];
  if (throttling.scope.includes('userId')) parts.push(`user:${userId}`);
  if (throttling.scope.includes('notificationId')) parts.push(`type:${notificationId}`);
  return parts.join('|');
}
