import { fcmCredentialsOf } from './push-credentials';

describe(fcmCredentialsOf.name, () => {
  const serviceAccount = {
    type: 'service_account',
    project_id: 'clarion-demo',
    private_key_id: 'abc123',
    private_key: '-----BEGIN PRIVATE KEY-----\nMII...\n-----END PRIVATE KEY-----\n',
    client_email: 'fcm@clarion-demo.iam.gserviceaccount.com',
  };

  it('reads project_id, client_email and private_key of a parsed service account', () => {
    expect(fcmCredentialsOf(serviceAccount)).toEqual({
      projectId: 'clarion-demo',
      clientEmail: 'fcm@clarion-demo.iam.gserviceaccount.com',
      privateKey: serviceAccount.private_key,
    });
  });

  it('reads the JSON text of a service account key file', () => {
    expect(fcmCredentialsOf(JSON.stringify(serviceAccount)).projectId).toBe('clarion-demo');
  });

  it.each(['project_id', 'client_email', 'private_key'])('names a missing %s', (field) => {
    const incomplete: Record<string, unknown> = { ...serviceAccount };
    delete incomplete[field];
    expect(() => fcmCredentialsOf(incomplete)).toThrow(`FCM service account JSON has no ${field}`);
  });

  it('names a field that is not a string', () => {
    expect(() => fcmCredentialsOf({ ...serviceAccount, client_email: 42 })).toThrow(
      'has no client_email',
    );
  });

  it('rejects text that is not JSON and JSON that is not an object', () => {
    expect(() => fcmCredentialsOf('{oops')).toThrow('not valid JSON');
    expect(() => fcmCredentialsOf('[]')).toThrow('not an object');
    expect(() => fcmCredentialsOf(undefined)).toThrow('not an object');
  });
});
