import { preferenceChoices } from './preference-choices';

describe(preferenceChoices.name, () => {
  it("offers the inbox's types on each channel, as stored where the user chose", () => {
    const notifications = [
      { id: '1', notificationId: 'orders', seen: false, title: 't', date: '2026-11-01T10:00:00Z' },
      { id: '2', notificationId: 'alerts', seen: false, title: 't', date: '2026-11-01T10:00:00Z' },
    ];
    const stored = {
      preferences: [{ notificationId: 'orders', channel: 'EMAIL', delivery: 'off' as const }],
      subNotifications: [],
    };
    expect(preferenceChoices(stored, notifications, ['INAPP_WEB', 'EMAIL'])).toEqual([
      { notificationId: 'alerts', channel: 'EMAIL', delivery: 'instant' },
      { notificationId: 'alerts', channel: 'INAPP_WEB', delivery: 'instant' },
      { notificationId: 'orders', channel: 'EMAIL', delivery: 'off' },
      { notificationId: 'orders', channel: 'INAPP_WEB', delivery: 'instant' },
    ]);
  });
});
