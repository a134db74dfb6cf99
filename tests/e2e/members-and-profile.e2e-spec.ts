import { AccountResponseDto } from '@clarion/contracts';
import { shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
const PASSWORD = 'a long enough password';

describe('members, invitations, roles, profile and additional accounts', () => {
  const suite = shareSystemForSuite();
  let acme: AccountResponseDto;
  let owner: ApiClient;

  beforeAll(async () => {
    acme = suite.system.createAccount('Acme', 'owner@acme.members.test', { password: PASSWORD });
    owner = await signIn('owner@acme.members.test');
  });

  async function signIn(email: string, accountId?: string): Promise<ApiClient> {
    const { status, body } = await new ApiClient(suite.system.baseUrl).call<{ token: string }>(
      'POST',
      '/auth/login',
      {
        email,
        password: PASSWORD,
        ...(accountId && { accountId }),
      },
    );
    expect(status).toBe(200);
    return ApiClient.withApiKey(suite.system.baseUrl, body.token);
  }

  const membersOf = async (client: ApiClient) =>
    (await client.call<Json[]>('GET', '/members')).body;

  it('lets owners turn on autoUpgrade, and no one else', async () => {
    const updated = await owner.call<Json>('PATCH', '/account', { autoUpgrade: true });
    expect(updated.body).toMatchObject({
      accountId: acme.accountId,
      autoUpgrade: true,
      costCap: 20,
    });
    const withKey = await ApiClient.withApiKey(suite.system.baseUrl, acme.apiKey).call(
      'PATCH',
      '/account',
      { autoUpgrade: false },
    );
    expect(withKey.status).toBe(403);
  });

  it('invites a member who joins with the token, and enforces who may grant which role', async () => {
    suite.system.createAccount('Bob Co', 'bob@example.members.test', { password: PASSWORD });
    const invite = await owner.call<{ token: string; role: string }>('POST', '/members', {
      email: 'bob@example.members.test',
      role: 'admin',
    });
    expect(invite.body).toMatchObject({
      role: 'admin',
      token: expect.stringMatching(/^clarion_inv_/),
    });

    const bobAnywhere = await signIn('bob@example.members.test');
    const accepted = await bobAnywhere.call('POST', '/profile/accept_invite', {
      token: invite.body.token,
    });
    expect(accepted.body).toEqual({
      success: true,
      accountId: acme.accountId,
      userExists: true,
      inviteeEmail: 'bob@example.members.test',
    });
    expect(
      (await bobAnywhere.call('POST', '/profile/accept_invite', { token: invite.body.token }))
        .status,
    ).toBe(404);

    const members = await membersOf(owner);
    expect(members.map((m) => [m['email'], m['role']])).toEqual([
      ['owner@acme.members.test', 'owner'],
      ['bob@example.members.test', 'admin'],
    ]);
    const ownerId = members[0]!['userId'] as string;
    const bobId = members[1]!['userId'] as string;

    const bob = await signIn('bob@example.members.test', acme.accountId);
    expect((await bob.call('PATCH', `/members/${ownerId}`, { role: 'admin' })).status).toBe(403);
    expect(
      (await bob.call('POST', '/members', { email: 'x@example.members.test', role: 'owner' }))
        .status,
    ).toBe(403);
    expect(
      (await bob.call('PATCH', `/members/${bobId}`, { role: 'billing-viewers' })).body,
    ).toEqual({ success: true });

    const lastOwner = await owner.call<{ error: Json }>('PATCH', `/members/${ownerId}`, {
      role: 'admin',
    });
    expect(lastOwner.status).toBe(409);
    expect((await owner.call('PATCH', `/members/${bobId}`, { role: 'owner' })).body).toEqual({
      success: true,
    });
    expect((await owner.call('DELETE', `/members/${bobId}`)).body).toEqual({ success: true });
    expect((await membersOf(owner)).map((m) => m['email'])).toEqual(['owner@acme.members.test']);
  });

  it('creates an additional account paid from an owned account, adding colleagues and inviting others', async () => {
    suite.system.createAccount('Carol Co', 'carol@example.members.test', { password: PASSWORD });
    const invite = await owner.call<{ token: string }>('POST', '/members', {
      email: 'carol@example.members.test',
      role: 'member',
    });
    await (
      await signIn('carol@example.members.test')
    ).call('POST', '/profile/accept_invite', { token: invite.body.token });

    const created = await owner.call<AccountResponseDto>('POST', '/accounts', {
      name: 'Acme EU',
      plan: { tier: 'budget_100', sourceBillingAccountId: acme.accountId },
      memberEmails: ['carol@example.members.test', 'stranger@example.members.test'],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Acme EU',
      status: 'verified',
      apiKey: expect.stringMatching(/^clarion_sk_/),
    });

    const details = await ApiClient.withApiKey(
      suite.system.baseUrl,
      created.body.apiKey,
    ).call<Json>('GET', '/account');
    expect(details.body).toMatchObject({ tier: 'budget_100', costCap: 100, accountType: 'paid' });
    const inNewAccount = await signIn('owner@acme.members.test', created.body.accountId);
    expect((await membersOf(inNewAccount)).map((m) => [m['email'], m['role']])).toEqual([
      ['owner@acme.members.test', 'owner'],
      ['carol@example.members.test', 'admin'],
    ]);
    const accounts = await owner.call<{ accounts: Json[] }>('GET', '/accounts');
    expect(accounts.body.accounts.map((a) => a['name'])).toEqual(
      expect.arrayContaining(['Acme', 'Acme EU']),
    );

    const carol = await signIn('carol@example.members.test', acme.accountId);
    const notOwned = await carol.call('POST', '/accounts', {
      name: 'Sneaky',
      plan: { tier: 'budget_20', sourceBillingAccountId: acme.accountId },
    });
    expect(notOwned.status).toBe(403);
  });

  it('changes the email of a profile, and deletes a profile for good', async () => {
    suite.system.createAccount('Dan Co', 'dan@example.members.test', { password: PASSWORD });
    const dan = await signIn('dan@example.members.test');
    expect(
      (await dan.call('POST', '/profile/change-email', { newEmail: 'owner@acme.members.test' }))
        .status,
    ).toBe(409);
    expect(
      (await dan.call('POST', '/profile/change-email', { newEmail: 'daniel@example.members.test' }))
        .body,
    ).toEqual({ success: true });
    const danAgain = await signIn('daniel@example.members.test');

    const lastOwner = await danAgain.call('DELETE', '/profile', { reason: 'leaving' });
    expect(lastOwner.status).toBe(409);

    // Once another owner shares Dan Co, Dan may leave for good.
    const coOwnerInvite = await danAgain.call<{ token: string }>('POST', '/members', {
      email: 'owner@acme.members.test',
      role: 'owner',
    });
    expect(
      (await owner.call('POST', '/profile/accept_invite', { token: coOwnerInvite.body.token }))
        .status,
    ).toBe(200);
    expect((await danAgain.call('DELETE', '/profile', { reason: 'leaving' })).body).toEqual({
      success: true,
    });
    const signInAgain = await new ApiClient(suite.system.baseUrl).call('POST', '/auth/login', {
      email: 'daniel@example.members.test',
      password: PASSWORD,
    });
    expect(signInAgain.status).toBe(401);
    expect((await danAgain.call('GET', '/profile/mfa')).status).toBe(401);
  });

  it('lets only the invited email redeem an invitation, and none once it expired', async () => {
    suite.system.createAccount('Erin Co', 'erin@example.members.test', { password: PASSWORD });
    suite.system.createAccount('Mallory Co', 'mallory@example.members.test', {
      password: PASSWORD,
    });
    const invite = await owner.call<{ inviteId: string; token: string; expiresAt: string }>(
      'POST',
      '/members',
      { email: 'Erin@Example.members.test', role: 'admin' },
    );
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(Date.parse(invite.body.expiresAt) - Date.now()).toBeGreaterThan(week - 60_000);

    const mallory = await signIn('mallory@example.members.test');
    const stolen = await mallory.call<{ error: Json }>('POST', '/profile/accept_invite', {
      token: invite.body.token,
    });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error).toMatchObject({ code: 'FORBIDDEN', fix: expect.any(String) });

    await suite.database.query(
      `UPDATE billing.invites SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [invite.body.inviteId],
    );
    const late = await (
      await signIn('erin@example.members.test')
    ).call<{ error: Json }>('POST', '/profile/accept_invite', { token: invite.body.token });
    expect(late.status).toBe(410);
    expect(late.body.error).toMatchObject({ code: 'INVITATION_EXPIRED', fix: expect.any(String) });
    const emails = (await membersOf(owner)).map((m) => m['email']);
    expect(emails).not.toContain('erin@example.members.test');
    expect(emails).not.toContain('mallory@example.members.test');
  });
});
