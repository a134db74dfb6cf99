import { DeliveryOption } from '@clarion/contracts';
import { digestReleaseTime } from './digest-release-time';

const now = new Date('2026-11-21T10:30:00Z'); // a Saturday

describe('digestReleaseTime', () => {
  it('releases hourly digests at the next full hour', () => {
    expect(digestReleaseTime(DeliveryOption.HOURLY, undefined, undefined, now).toISOString()).toBe(
      '2026-11-21T11:00:00.000Z',
    );
  });

  it('releases daily digests at the type hour in the user timezone', () => {
    const options = {
      defaultDeliveryOption: DeliveryOption.DAILY,
      daily: { enabled: true, hour: '17:00' },
    };
    expect(
      digestReleaseTime(DeliveryOption.DAILY, options, 'America/New_York', now).toISOString(),
    ).toBe('2026-11-21T22:00:00.000Z');
    expect(digestReleaseTime(DeliveryOption.DAILY, undefined, undefined, now).toISOString()).toBe(
      '2026-11-22T09:00:00.000Z',
    );
  });

  it('releases weekly digests on the chosen weekday', () => {
    const options = {
      defaultDeliveryOption: DeliveryOption.WEEKLY,
      weekly: { enabled: true, day: 'tuesday', hour: '08:00' },
    };
    expect(digestReleaseTime(DeliveryOption.WEEKLY, options, 'UTC', now).toISOString()).toBe(
      '2026-11-24T08:00:00.000Z',
    );
  });

  it('releases monthly digests on the first or last day of the month', () => {
    const last = {
      defaultDeliveryOption: DeliveryOption.MONTHLY,
      monthly: { enabled: true, date: 'last' as const, hour: '09:00' },
    };
    expect(digestReleaseTime(DeliveryOption.MONTHLY, last, undefined, now).toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    expect(digestReleaseTime(DeliveryOption.MONTHLY, undefined, undefined, now).toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
  });

  it('falls back to UTC for an unknown timezone', () => {
    expect(
      digestReleaseTime(DeliveryOption.DAILY, undefined, 'Mars/Olympus', now).toISOString(),
    ).toBe('2026-11-22T09:00:00.000Z');
  });
});
