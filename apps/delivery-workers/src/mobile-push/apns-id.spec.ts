import { apnsIdOf } from './apns-id';

describe(apnsIdOf.name, () => {
  it('is the RFC 4122 version 5 UUID of the idempotency key', () => {
    // Python: uuid.uuid5(uuid.UUID('e848c88d-ab53-4e36-89c2-94d1f863400b'), 'trk-1:mobile_push:abc')
    expect(apnsIdOf('trk-1:mobile_push:abc')).toBe('f03d5b57-2e5c-546d-abd4-ea61912baf1f');
  });

  it('is the same for every attempt of a message and differs between messages', () => {
    expect(apnsIdOf('trk-1:mobile_push:abc')).toBe(apnsIdOf('trk-1:mobile_push:abc'));
    expect(apnsIdOf('trk-1:mobile_push:abc')).not.toBe(apnsIdOf('trk-2:mobile_push:abc'));
  });
});
