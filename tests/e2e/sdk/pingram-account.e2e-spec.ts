import { AccountResponseDto } from '@clarion/contracts';
import { eventually } from '@clarion/testing';
import {
  instanceOfAcceptInviteResponse,
  instanceOfAccountGetResponse,
  instanceOfApiErrorResponse,
  instanceOfAutoJoinGetResponse,
  instanceOfAutoJoinPostResponse,
  instanceOfCreateAccountResponse,
  instanceOfCreateOrganizationResponse,
  instanceOfGetMembersResponseInner,
  instanceOfInvitePostResponse,
  instanceOfOrganization,
  instanceOfOrganizationUsage,
  instanceOfOrganizationUsageHistory,
  instanceOfOrganizationUsageHistoryItemsInner,
  instanceOfSuccessResponse,
  Pingram,
} from 'pingram';
import { ApiClient } from '../api-client';
import { errorObject, failureOf } from './pingram-answers';
import { PASSWORD, signIn, SignedIn } from './pingram-helpers';
import { expectComplete, pingramSuite } from './pingram-suite';

type Json = Record<string, unknown>;

/**
 * The account, organization, members and profile operations of `pingram@1.0.14`, the hosted
 * service's own client with only its base URL changed. Members and profile operations act for a
 * person: their client carries a member session token where an API key would go.
 */
describe('pingram@1.0.14: account, organization, members and profile', () => {
  const suite = pingramSuite('Pingram Co');
  let api: ApiClient;
  let team: AccountResponseDto;
  let owner: SignedIn;
  let envId: string;

  beforeAll(async () => {
    const { system } = suite.handle;
    api = ApiClient.withApiKey(system.baseUrl, suite.account.apiKey);
    team = system.createAccount('Team Co', 'owner@team.test', { password: PASSWORD });
    owner = await signIn(system.baseUrl, 'owner@team.test');
    // The SDK takes an envId on member operations and sends it nowhere; any environment will do.
    const environments = await owner.http.call<{ clientId: string }[]>('GET', '/environments');
    envId = environments.body[0]!.clientId;
  });

  /** Someone with an account of their own (so a profile with a password) who can sign in. */
  const newcomer = (email: string) =>
    suite.handle.system.createAccount(`${email} Co`, email, { password: PASSWORD });

  /** An invitation of the team, with its token (the SDK's model keeps only the message). */
  async function invite(email: string, role = 'admin'): Promise<string> {
    const answer = await owner.client.members.inviteMemberRaw({
      envId,
      memberInviteRequest: { email, role },
    });
    return ((await answer.raw.json()) as { token: string }).token;
  }

  async function joinTeam(email: string): Promise<string> {
    newcomer(email);
    const token = await invite(email);
    await (await signIn(suite.handle.system.baseUrl, email)).client.profile.acceptInvite({ token });
    const members = await owner.client.members.listMembers(envId);
    return members.find((member) => member.email === email)!.userId;
  }

  const organizationIdOf = async (client: ApiClient) =>
    (await client.call<{ organizationId: string }>('GET', '/account')).body.organizationId;

  describe('account', () => {
    it('account.getAccountDetails', async () => {
      const details = expectComplete(
        await suite.client.account.getAccountDetails(),
        instanceOfAccountGetResponse,
      );
      expect(details).toEqual({
        accountId: suite.account.accountId,
        organizationId: expect.any(String),
        name: 'Pingram Co',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('account.updateAccount', async () => {
      const renamed = newcomer('owner@rename.test');
      const client = new Pingram({ apiKey: renamed.apiKey, baseUrl: suite.handle.system.baseUrl });
      const answer = expectComplete(
        await client.account.updateAccount({ name: 'Renamed Co' }),
        instanceOfCreateAccountResponse,
      );
      expect(answer).toEqual({ accountId: renamed.accountId, name: 'Renamed Co' });
      expect((await client.account.getAccountDetails()).name).toBe('Renamed Co');
      const blank = await failureOf(client.account.updateAccount({ name: ' ' }));
      expect(blank).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    });

    it('account.getOrganization', async () => {
      const organization = expectComplete(
        await suite.client.account.getOrganization(),
        instanceOfOrganization,
      );
      expect(organization).toEqual({
        organizationId: await organizationIdOf(api),
        organizationType: 'free',
        creator: expect.any(String),
        name: 'Pingram Co',
        messagesCap: expect.any(Number),
        costCap: 20,
        anniversaryDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        allowOverage: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    // Dashboard-only operations of the hosted service: Clarion names them and says it has none.
    it.each([
      [
        'account.prepareCheckoutSession',
        (client: Pingram) =>
          client.account.prepareCheckoutSession({
            successUrl: 'https://example.com/ok',
            cancelUrl: 'https://example.com/cancel',
          }),
      ],
      [
        'account.configureSupabaseSMTP',
        (client: Pingram) =>
          client.account.configureSupabaseSMTP({
            projectRef: 'abc',
            projectName: 'App',
            senderName: 'App',
            senderEmail: 'app@example.com',
          }),
      ],
      ['account.getSupabaseStatus', (client: Pingram) => client.account.getSupabaseStatus()],
      ['account.listSupabaseProjects', (client: Pingram) => client.account.listSupabaseProjects()],
      ['account.revokeSupabase', (client: Pingram) => client.account.revokeSupabase()],
      [
        'account.supabaseOAuth',
        (client: Pingram) =>
          client.account.supabaseOAuth({
            code: 'c',
            redirect_uri: 'https://example.com/cb',
            code_verifier: 'v',
          }),
      ],
    ])('%s', async (_, call) => {
      const failure = await failureOf(call(suite.client));
      expect(instanceOfApiErrorResponse(failure.body)).toBe(true);
      expect(failure).toEqual({ status: 501, body: errorObject('NOT_IMPLEMENTED') });
      expect(failure.body).toMatchObject({ error: { fix: expect.stringMatching(/dashboard/i) } });
    });
  });

  describe('organization', () => {
    beforeAll(async () => {
      const sent = await api.call('POST', '/send', {
        type: 'welcome',
        to: { id: 'ada' },
        inapp: { title: 'Welcome' },
        forceChannels: ['INAPP_WEB'],
      });
      expect(sent.status).toBe(200);
    });

    it('organization.create', async () => {
      const created = expectComplete(
        await owner.client.organization.create(),
        instanceOfCreateOrganizationResponse,
      );
      expect(created).toEqual({
        success: true,
        accountId: expect.any(String),
        organizationId: expect.any(String),
      });
      expect(created.accountId).not.toBe(team.accountId);
      const inNew = await signIn(suite.handle.system.baseUrl, 'owner@team.test', created.accountId);
      expect(await organizationIdOf(inNew.http)).toBe(created.organizationId);
      const members = await inNew.client.members.listMembers(envId);
      expect(members.map((m) => m.email)).toEqual(['owner@team.test']);

      const withKey = await failureOf(suite.client.organization.create());
      expect(withKey).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    });

    it('organization.getUsage', async () => {
      const usage = await eventually(async () => {
        const current = await suite.client.organization.getUsage();
        return current.messageUsage > 0 ? current : undefined;
      });
      expectComplete(usage, instanceOfOrganizationUsage);
      expect(usage).toEqual({
        messageUsage: 1,
        budgetUsage: expect.any(Number),
        costSms: 0,
        costCall: 0,
        costNumber: 0,
        channelUsages: { INAPP_WEB: 1 },
        billingCycleStart: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        billingCycleEnd: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(usage.budgetUsage).toBeGreaterThan(0);
      const now = Date.now();
      expect(Date.parse(usage.billingCycleStart)).toBeLessThanOrEqual(now);
      expect(Date.parse(usage.billingCycleEnd)).toBeGreaterThan(now);
      const elsewhere = await new Pingram({
        apiKey: team.apiKey,
        baseUrl: suite.handle.system.baseUrl,
      }).organization.getUsage();
      expect(elsewhere.messageUsage).toBe(0);
    });

    it('organization.getUsageHistory', async () => {
      const { billingCycleStart } = await eventually(async () => {
        const current = await suite.client.organization.getUsage();
        return current.messageUsage > 0 ? current : undefined;
      });
      const today = new Date().toISOString().slice(0, 10);
      const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const history = expectComplete(
        await suite.client.organization.getUsageHistory(yearAgo, today),
        instanceOfOrganizationUsageHistory,
      );
      for (const item of history.items) {
        expectComplete(item, instanceOfOrganizationUsageHistoryItemsInner);
      }
      expect(history.items.at(-1)).toEqual({
        yearMonth: billingCycleStart.slice(0, 7),
        messageUsage: 1,
        budgetUsage: expect.any(Number),
        costSms: 0,
        costCall: 0,
        costNumber: 0,
        channelUsages: { INAPP_WEB: 1 },
      });
      const backwards = await failureOf(suite.client.organization.getUsageHistory(today, yearAgo));
      expect(backwards).toMatchObject({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED' } },
      });
    });
  });

  describe('members', () => {
    it('members.listMembers', async () => {
      const members = await owner.client.members.listMembers(envId);
      for (const member of members) expectComplete(member, instanceOfGetMembersResponseInner);
      expect(members).toContainEqual({
        organizationId: await organizationIdOf(owner.http),
        accountId: team.accountId,
        userId: expect.any(String),
        email: 'owner@team.test',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('members.inviteMember', async () => {
      newcomer('grace@example.test');
      const answer = expectComplete(
        await owner.client.members.inviteMember(envId, { email: 'grace@example.test' }),
        instanceOfInvitePostResponse,
      );
      expect(answer.error).toBeUndefined();
      expect(answer.message).toContain('grace@example.test');
      const stranger = await failureOf(
        suite.client.members.inviteMember(envId, { email: 'x@example.test' }),
      );
      expect(stranger.status).toBe(403);
    });

    it('members.update', async () => {
      const bobId = await joinTeam('bob@example.test');
      const answer = expectComplete(
        await owner.client.members.update(envId, bobId, { role: 'billing-viewers' }),
        instanceOfSuccessResponse,
      );
      expect(answer).toEqual({ success: true });
      const listed = await owner.http.call<Json[]>('GET', '/members');
      expect(listed.body).toContainEqual(
        expect.objectContaining({ userId: bobId, role: 'billing-viewers' }),
      );
    });

    it('members.removeMember', async () => {
      const cyId = await joinTeam('cy@example.test');
      const answer = expectComplete(
        await owner.client.members.removeMember(envId, cyId),
        instanceOfSuccessResponse,
      );
      expect(answer).toEqual({ success: true });
      const members = await owner.client.members.listMembers(envId);
      expect(members.map((member) => member.userId)).not.toContain(cyId);
    });

    it('members.getAutoJoin', async () => {
      const autoJoin = expectComplete(
        await owner.client.members.getAutoJoin(envId),
        instanceOfAutoJoinGetResponse,
      );
      expect(autoJoin).toEqual({
        organizationId: await organizationIdOf(owner.http),
        domains: [],
      });
    });

    it('members.setAutoJoin', async () => {
      newcomer('dee@joiners.test');
      const { baseUrl } = suite.handle.system;
      const before = await new ApiClient(baseUrl).call('POST', '/auth/login', {
        email: 'dee@joiners.test',
        password: PASSWORD,
        accountId: team.accountId,
      });
      expect(before.status).toBe(403);

      const saved = expectComplete(
        await owner.client.members.setAutoJoin(envId, { domains: ['Joiners.TEST', 'team.test'] }),
        instanceOfAutoJoinPostResponse,
      );
      expect(saved).toEqual({
        organizationId: await organizationIdOf(owner.http),
        domains: ['joiners.test', 'team.test'],
      });
      expect((await owner.client.members.getAutoJoin(envId)).domains).toEqual(saved.domains);

      // Someone of an auto-join domain joins the account by signing in to it, as a member.
      const dee = await signIn(baseUrl, 'dee@joiners.test', team.accountId);
      expect(await organizationIdOf(dee.http)).toBe(saved.organizationId);
      const listed = await owner.http.call<Json[]>('GET', '/members');
      expect(listed.body).toContainEqual(
        expect.objectContaining({ email: 'dee@joiners.test', role: 'member' }),
      );
      const notADomain = await failureOf(
        owner.client.members.setAutoJoin(envId, { domains: ['not a domain'] }),
      );
      expect(notADomain).toMatchObject({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED' } },
      });
    });
  });

  describe('profile', () => {
    it('profile.acceptInvite', async () => {
      newcomer('eve@example.test');
      const token = await invite('eve@example.test');
      const eve = await signIn(suite.handle.system.baseUrl, 'eve@example.test');
      const accepted = expectComplete(
        await eve.client.profile.acceptInvite({ token }),
        instanceOfAcceptInviteResponse,
      );
      expect(accepted).toEqual({
        success: true,
        accountId: team.accountId,
        userExists: true,
        inviteeEmail: 'eve@example.test',
      });
    });

    it('profile.changeEmail', async () => {
      newcomer('fay@example.test');
      const fay = await signIn(suite.handle.system.baseUrl, 'fay@example.test');
      const changed = expectComplete(
        await fay.client.profile.changeEmail({ newEmail: 'fay@new.example.test' }),
        instanceOfSuccessResponse,
      );
      expect(changed).toEqual({ success: true });
      await signIn(suite.handle.system.baseUrl, 'fay@new.example.test');
    });
  });
});
