import { ErrorCode } from '@clarion/contracts';
import { apnKeyOf, serviceAccountOf } from './push-settings-bodies';

describe('push settings bodies', () => {
  it('reads the service account from fcmConfig, its JSON text', () => {
    expect(serviceAccountOf({ fcmConfig: '{"project_id":"p","client_email":"c@p"}' })).toEqual({
      project_id: 'p',
      client_email: 'c@p',
    });
  });

  it('takes the service account object as given', () => {
    expect(serviceAccountOf({ serviceAccount: { project_id: 'p' } })).toEqual({ project_id: 'p' });
  });

  it.each(['{not json', '"a string"', '[1]', 'null'])('refuses fcmConfig %j with a 400', (text) => {
    expect(() => serviceAccountOf({ fcmConfig: text })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });

  it("reads an APNs key named as the hosted service's SDK names it", () => {
    expect(
      apnKeyOf({ KeyId: 'KEY1234567', Key: 'pem', TeamId: 'TEAM123456', Topic: 'com.app' }),
    ).toEqual({
      keyId: 'KEY1234567',
      privateKey: 'pem',
      teamId: 'TEAM123456',
      bundleId: 'com.app',
    });
  });

  it("reads an APNs key in Clarion's names", () => {
    expect(
      apnKeyOf({ keyId: 'KEY1234567', privateKey: 'pem', teamId: 'TEAM123456', bundleId: 'b' }),
    ).toEqual({ keyId: 'KEY1234567', privateKey: 'pem', teamId: 'TEAM123456', bundleId: 'b' });
  });
});
