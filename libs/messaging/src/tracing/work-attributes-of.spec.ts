import { workAttributesOf } from './work-attributes-of';

describe(workAttributesOf.name, () => {
  it('reads a delivery job: its trackingId, tenant, channel and type', () => {
    expect(
      workAttributesOf({
        trackingId: 't-1',
        accountId: 'a-1',
        envId: 'e-1',
        channel: 'EMAIL',
        notificationId: 'welcome',
        recipient: { id: 'ada' },
      }),
    ).toEqual({
      trackingId: 't-1',
      accountId: 'a-1',
      envId: 'e-1',
      channel: 'EMAIL',
      notificationType: 'welcome',
    });
  });

  it('reads the type of an accepted send from its body, also in the legacy spelling', () => {
    expect(workAttributesOf({ trackingId: 't', body: { type: 'order' } }).notificationType).toBe(
      'order',
    );
    expect(
      workAttributesOf({ trackingId: 't', body: { notificationId: 'legacy' } }).notificationType,
    ).toBe('legacy');
  });

  it('ignores fields that are not text', () => {
    expect(workAttributesOf({ trackingId: 42, channel: ['EMAIL'] })).toEqual({
      trackingId: undefined,
      accountId: undefined,
      envId: undefined,
      channel: undefined,
      notificationType: undefined,
    });
  });
});
