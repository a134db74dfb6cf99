import { INestApplicationContext } from '@nestjs/common';
import { AccountResponseDto, ErrorCode, MemberActor, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { hashApiKey } from '../api-keys/api-key-secret';
import { BillingEnv } from '../billing.env';
import { BillingModule } from '../billing.module';
import { AddInviteExpiry1796000000000 } from '../migrations/1796000000000-add-invite-expiry';

const HOUR_MS = 60 * 60 * 1000;

describe('invitations', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let messaging: MessagingClient;
  let acme: AccountResponseDto;
  let acmeOwner: MemberActor;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = testEnv(BillingEnv, {
      namespace,
      databaseUrl: database.url,
      INVITE_TTL_HOURS: '48',
    });
    app = await bootService(BillingModule.forRoot(env));
    await app.init();
    messaging = app.get(MessagingClient);
    acme = await createAccount('Acme', 'owner@acme.test');
    acmeOwner = {
      accountId: acme.accountId,
      profileId: await profileIdOf('owner@acme.test'),
      role: 'owner',
    };
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
  });

  const createAccount = (name: string, ownerEmail: string) =>
    app.get(AccountsService).createAccountWithOwner({ name, ownerEmail });

  async function profileIdOf(email: string): Promise<string> {
    const [row] = await database.query<{ id: string }>(
      'SELECT id FROM billing.profiles WHERE email = $1',
      [email],
    );
    return row!.id;
  }

  const invite = (email: string) =>
    messaging.request(Requests.inviteMember, {
      actor: acmeOwner,
      invite: { email, role: 'admin' },
    });

  const accept = async (email: string, token: string) =>
    messaging.request(Requests.acceptInvite, { profileId: await profileIdOf(email), token });

  const acmeMemberEmails = async () =>
    (await messaging.request(Requests.listMembers, { accountId: acme.accountId })).map(
      (member) => member.email,
    );

  it('refuses a member of another account redeeming an invitation made for someone else, who does not join', async () => {
    await createAccount('Globex', 'ops@globex.test');
    await createAccount('Bob Co', 'bob@example.test');
    const forBob = await invite('bob@example.test');

    await expect(accept('ops@globex.test', forBob.token)).rejects.toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: 'This invitation was made for another email address',
      fix: expect.stringContaining('invitation was sent to'),
    });
    expect(await acmeMemberEmails()).not.toContain('ops@globex.test');

    // The refused attempt leaves the invitation to the one it was made for.
    await expect(accept('bob@example.test', forBob.token)).resolves.toMatchObject({
      accountId: acme.accountId,
      inviteeEmail: 'bob@example.test',
    });
    expect(await acmeMemberEmails()).toContain('bob@example.test');
  });

  it('lets the invitee redeem an invitation made out to their email in another case', async () => {
    await createAccount('Carol Co', 'carol@example.test');
    const forCarol = await invite('Carol@Example.TEST');

    await expect(accept('carol@example.test', forCarol.token)).resolves.toEqual({
      success: true,
      accountId: acme.accountId,
      userExists: true,
      inviteeEmail: 'carol@example.test',
    });
    expect(await acmeMemberEmails()).toContain('carol@example.test');
  });

  it('sets the expiry INVITE_TTL_HOURS after the invitation is made, and stores it', async () => {
    const before = Date.now();
    const made = await invite('dora@example.test');
    const expiresAt = new Date(made.expiresAt).getTime();

    expect(expiresAt).toBeGreaterThanOrEqual(before + 48 * HOUR_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 48 * HOUR_MS);
    const [stored] = await database.query<{ expires_at: Date }>(
      'SELECT expires_at FROM billing.invites WHERE id = $1',
      [made.inviteId],
    );
    expect(stored!.expires_at.getTime()).toBe(expiresAt);
  });

  it('refuses an expired invitation with INVITATION_EXPIRED, and the invitee does not join', async () => {
    await createAccount('Erin Co', 'erin@example.test');
    const forErin = await invite('erin@example.test');
    await database.query(
      `UPDATE billing.invites SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [forErin.inviteId],
    );

    await expect(accept('erin@example.test', forErin.token)).rejects.toMatchObject({
      code: ErrorCode.INVITATION_EXPIRED,
      message: expect.stringMatching(/^This invitation expired at \d{4}-/),
      fix: 'Ask an owner or admin of the account for a new invitation.',
    });
    expect(await acmeMemberEmails()).not.toContain('erin@example.test');
  });

  it('gives invitations made before expiry existed a week from when they were made', async () => {
    await createAccount('Finn Co', 'finn@example.test');
    const runner = app.get(DataSource).createQueryRunner();
    const migration = new AddInviteExpiry1796000000000();
    try {
      await migration.down(runner);
      const token = 'clarion_inv_made-before-expiry';
      await database.query(
        `INSERT INTO billing.invites (id, account_id, email, role, token_hash, created_at)
         VALUES (gen_random_uuid(), $1, 'finn@example.test', 'admin', $2, now() - interval '8 days')`,
        [acme.accountId, hashApiKey(token)],
      );
      await migration.up(runner);

      const [row] = await database.query<{ lifetime: string }>(
        `SELECT (expires_at - created_at)::text AS lifetime FROM billing.invites WHERE token_hash = $1`,
        [hashApiKey(token)],
      );
      expect(row!.lifetime).toBe('7 days');
      await expect(accept('finn@example.test', token)).rejects.toMatchObject({
        code: ErrorCode.INVITATION_EXPIRED,
      });
    } finally {
      await runner.release();
    }
  });
});
