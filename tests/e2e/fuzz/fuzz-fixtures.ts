import { RunningSystem } from '@clarion/testing';
import { ApiClient } from '../api-client';
import { FuzzFixtures } from './fuzz-requests';

const PASSWORD = 'a long enough fuzzing password';

type Json = Record<string, unknown>;

/**
 * An account to fuzz with: an API key, a member session, an end user of its default environment,
 * and a few things the path parameters can name (a second environment, a type, a user, a key and
 * a send), so that requests also reach the code behind the lookups.
 */
export async function createFuzzFixtures(system: RunningSystem): Promise<FuzzFixtures> {
  const email = `owner-${Date.now()}@fuzz.test`;
  const account = system.createAccount('Fuzz Co', email, { password: PASSWORD });
  const api = ApiClient.withApiKey(system.baseUrl, account.apiKey);
  const anonymous = new ApiClient(system.baseUrl);
  const login = await anonymous.call<{ token: string }>('POST', '/auth/login', {
    email,
    password: PASSWORD,
  });
  if (login.status !== 200) throw new Error(`fuzz fixtures: sign-in answered ${login.status}`);
  const environments = await api.call<{ clientId: string }[]>('GET', '/environments');
  const defaultClientId = environments.body[0]!.clientId;
  const spare = await api.call<{ clientId: string }>('POST', '/environments', { title: 'Fuzzed' });
  await api.call('POST', '/users/fuzz-user', { email: 'fuzz-user@example.com' });
  await api.call('POST', '/types', { title: 'Fuzz type' });
  const key = await api.call<Json>('POST', '/keys', { keyType: 'secret', name: 'Disposable' });
  const sent = await api.call<{ trackingId: string }>('POST', '/send', {
    type: 'fuzz-type',
    to: { id: 'fuzz-user', email: 'fuzz-user@example.com' },
  });
  const endUser = Buffer.from(`${defaultClientId}:fuzz-user:`).toString('base64');
  const known = (...values: unknown[]) =>
    values.filter((value): value is string => typeof value === 'string');
  return {
    authorization: {
      apiKey: `Bearer ${account.apiKey}`,
      memberSession: `Bearer ${login.body.token}`,
      endUser: `Basic ${endUser}`,
    },
    knownValues: {
      envId: [defaultClientId],
      clientId: known(spare.body.clientId),
      userId: ['fuzz-user'],
      notificationId: ['fuzz-type'],
      channel: ['EMAIL', 'SMS', 'INAPP_WEB'],
      keyId: known(key.body['id'], key.body['keyId']),
      trackingId: known(sent.body.trackingId),
      trackingIds: known(sent.body.trackingId),
      type: ['totp'],
      reason: ['bounce', 'complaint'],
      phoneNumber: ['+15555550100'],
      limit: ['10'],
      count: ['10'],
    },
  };
}
