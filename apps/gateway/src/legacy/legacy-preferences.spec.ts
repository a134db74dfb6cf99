import { Channel, DeliveryOption, ValidationFailedError } from '@clarion/contracts';
import { LegacyPreferencesPipe, preferencesOfLegacy } from './legacy-preferences';

describe(preferencesOfLegacy.name, () => {
  const sut = preferencesOfLegacy;

  it('keeps a preference for one channel as it is', () => {
    const preference = {
      notificationId: 'comment',
      subNotificationId: 'p1',
      channel: Channel.EMAIL,
      delivery: DeliveryOption.DAILY,
    };
    expect(sut([preference])).toEqual([preference]);
  });

  it('makes a preference without a channel one for every channel', () => {
    const preferences = sut([{ notificationId: 'comment', delivery: DeliveryOption.OFF }]);
    expect(preferences.map((p) => p.channel)).toEqual(Object.values(Channel));
    expect(new Set(preferences.map((p) => p.delivery))).toEqual(new Set([DeliveryOption.OFF]));
  });
});

describe(LegacyPreferencesPipe.name, () => {
  const sut = new LegacyPreferencesPipe();

  it('accepts the array the SDK sends', async () => {
    const body = [{ notificationId: 'comment', channel: 'SMS', delivery: 'weekly' }];
    await expect(sut.transform(body)).resolves.toEqual(body);
  });

  it('refuses a body that is not an array, a missing delivery and unknown fields', async () => {
    await expect(sut.transform({ notificationId: 'comment' })).rejects.toThrow(
      ValidationFailedError,
    );
    await expect(sut.transform([{ notificationId: 'comment' }])).rejects.toThrow(
      /delivery must be one of off, instant/,
    );
    await expect(
      sut.transform([{ notificationId: 'comment', delivery: 'off', colour: 'red' }]),
    ).rejects.toThrow(/colour/);
  });
});
