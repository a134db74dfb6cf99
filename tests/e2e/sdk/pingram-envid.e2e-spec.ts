import {
  instanceOfDeleteUserResponse,
  instanceOfGetUsersResponse,
  instanceOfUserSuppressionDeleteResponse,
  Pingram,
} from 'pingram';
import { ApiClient } from '../api-client';
import { failureOf } from './pingram-answers';
import { PASSWORD, signIn } from './pingram-helpers';
import { expectComplete, pingramSuite } from './pingram-suite';

interface Refusal {
  status: number;
  code: string;
  fix?: string;
}

/** What a call the SDK rejected answered: its status and the error object of the body. */
async function refusalOf(call: Promise<unknown>): Promise<Refusal> {
  const { status, body } = await failureOf(call);
  const { code, fix } = body['error'] as { code: string; fix?: string };
  return { status, code, fix };
}

/**
 * The hosted service's dashboard JWT is a member session in Clarion: given to the SDK as its
 * apiKey, with envId naming one environment of the member's account.
 */
describe('pingram@1.0.14: member sessions with envId', () => {
  const suite = pingramSuite('Envid Co');
  /** The staging environment of the member's account, by its key and its clientId. */
  let staging: { api: ApiClient; clientId: string };
  let defaultApi: ApiClient;
  let member: Pingram;
  let rival: Pingram;

  const sessionClient = async (email: string): Promise<Pingram> =>
    (await signIn(suite.handle.system.baseUrl, email)).client;

  const userIdsOf = async (api: ApiClient) =>
    (await api.call<{ users: { id: string }[] }>('GET', '/users')).body.users.map((u) => u.id);

  beforeAll(async () => {
    const { system } = suite.handle;
    const account = system.createAccount('Member Co', 'owner@member.test', { password: PASSWORD });
    system.createAccount('Rival Co', 'owner@rival.test', { password: PASSWORD });
    defaultApi = ApiClient.withApiKey(system.baseUrl, account.apiKey);
    const environment = await defaultApi.call<{ clientId: string }>('POST', '/environments', {
      title: 'Staging',
    });
    const key = await defaultApi.call<{ key: string }>('POST', '/keys', {
      keyType: 'secret',
      name: 'staging',
      environmentId: environment.body.clientId,
    });
    staging = {
      api: ApiClient.withApiKey(system.baseUrl, key.body.key),
      clientId: environment.body.clientId,
    };
    await staging.api.call('POST', '/users/ada', { email: 'ada@member.test' });
    await defaultApi.call('POST', '/users/dan', { email: 'dan@member.test' });
    member = await sessionClient('owner@member.test');
    rival = await sessionClient('owner@rival.test');
  });

  it('users.listUsers with envId', async () => {
    const listed = expectComplete(
      await member.users.listUsers(100, '', staging.clientId),
      instanceOfGetUsersResponse,
    );
    expect(listed.users.map((u) => [u.id, u.email])).toEqual([['ada', 'ada@member.test']]);
    expect(listed.hasMore).toBe(false);

    expect(await refusalOf(member.users.listUsers(100, ''))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fix: expect.stringContaining('envId'),
    });
    expect(await refusalOf(rival.users.listUsers(100, '', staging.clientId))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('users.deleteUser with envId', async () => {
    await staging.api.call('POST', '/users/gone', { email: 'gone@member.test' });
    expect(await refusalOf(rival.users.deleteUser('gone', staging.clientId))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await userIdsOf(staging.api)).toContain('gone');

    const deleted = expectComplete(
      await member.users.deleteUser('gone', staging.clientId),
      instanceOfDeleteUserResponse,
    );
    expect(deleted.message).toEqual(expect.any(String));
    expect(await userIdsOf(staging.api)).not.toContain('gone');
    expect(await userIdsOf(defaultApi)).toEqual(['dan']);
  });

  it('users.removeUserFromSuppression with envId', async () => {
    expect(
      await refusalOf(rival.users.removeUserFromSuppression('ada', 'EMAIL', staging.clientId)),
    ).toMatchObject({ status: 403, code: 'FORBIDDEN' });

    const answer = expectComplete(
      await member.users.removeUserFromSuppression('ada', 'EMAIL', staging.clientId),
      instanceOfUserSuppressionDeleteResponse,
    );
    expect(answer.user).toMatchObject({ id: 'ada', email: 'ada@member.test' });
  });
});
