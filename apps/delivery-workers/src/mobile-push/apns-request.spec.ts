import { apnsOriginOf } from './apns-request';
import { defaultMobilePushConfig } from './push-credentials';
import { pushTokenOf } from './test-peers/mobile-push-fixtures';

describe(apnsOriginOf.name, () => {
  it("picks Apple's host by the token's environment, sandbox when it has none", () => {
    const origins = [
      pushTokenOf('APN', 'abc', 'production'),
      pushTokenOf('APN', 'abc', 'sandbox'),
      pushTokenOf('APN', 'abc'),
    ].map((token) => apnsOriginOf(defaultMobilePushConfig, token));

    expect(origins).toEqual([
      'https://api.push.apple.com',
      'https://api.sandbox.push.apple.com',
      'https://api.sandbox.push.apple.com',
    ]);
  });

  it('uses the configured host for both environments', () => {
    const config = { ...defaultMobilePushConfig, apnsHost: 'https://127.0.0.1:8443' };

    expect(apnsOriginOf(config, pushTokenOf('APN', 'abc', 'production'))).toBe(
      'https://127.0.0.1:8443',
    );
    expect(apnsOriginOf(config, pushTokenOf('APN', 'abc'))).toBe('https://127.0.0.1:8443');
  });
});
