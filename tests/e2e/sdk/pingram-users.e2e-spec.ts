import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { secretHint } from '@clarion/contracts';
import { eventually, runSystemForSuite } from '@clarion/testing';
import {
  instanceOfDeleteUserResponse,
  instanceOfGetAccountMetadataResponse,
  instanceOfGetInappNotificationsResponse,
  instanceOfGetInappNotificationsResponseNotificationsInner,
  instanceOfGetUsersResponse,
  instanceOfGetUsersResponseUsersInner,
  instanceOfInappUnreadCountResponse,
  instanceOfSuccessResponse,
  instanceOfUser,
  instanceOfUserSuppressionDeleteResponse,
  Pingram,
} from 'pingram';
import { getJson } from './pingram-answers';
import { expectComplete, pingramSuite } from './pingram-suite';

const SLACK_APP = { clientId: 'e2e-slack-app', clientSecret: 'e2e-slack-secret' };
const SLACK_CODE = 'e2e-oauth-code';
const SLACK_BOT_TOKEN = 'xoxb-e2e-bot-token';

/**
 * Slack's side of "Add to Slack": `oauth.v2.access` trades a code for a token (when the app's
 * credentials and the redirect match), and `conversations.list` answers for that token.
 */
class FakeSlack {
  readonly exchanges: Record<string, string>[] = [];
  private server?: Server;

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void readForm(request).then((form) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(this.answer(request, form)));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }

  private answer(request: IncomingMessage, form: Record<string, string>): object {
    if (request.url === '/oauth.v2.access') {
      this.exchanges.push(form);
      const basic = Buffer.from(`${SLACK_APP.clientId}:${SLACK_APP.clientSecret}`).toString(
        'base64',
      );
      if (request.headers.authorization !== `Basic ${basic}`) {
        return { ok: false, error: 'invalid_client_id' };
      }
      if (form['code'] !== SLACK_CODE) return { ok: false, error: 'invalid_code' };
      return {
        ok: true,
        app_id: 'A0E2E',
        access_token: SLACK_BOT_TOKEN,
        token_type: 'bot',
        scope: 'chat:write,channels:read',
        bot_user_id: 'U0BOT',
        team: { id: 'T0E2E', name: 'Pingram Users' },
        enterprise: null,
        is_enterprise_install: false,
        authed_user: { id: 'U0ADA' },
      };
    }
    if (request.url === '/conversations.list') {
      if (request.headers.authorization !== `Bearer ${SLACK_BOT_TOKEN}`) {
        return { ok: false, error: 'invalid_auth' };
      }
      return {
        ok: true,
        channels: [{ id: 'C0GENERAL', name: 'general', is_private: false }],
        response_metadata: { next_cursor: '' },
      };
    }
    return { ok: false, error: 'unknown_method' };
  }
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

describe('pingram@1.0.14: users and the in-app inbox', () => {
  const slack = new FakeSlack();
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await slack.start();
    Object.assign(env, {
      SLACK_API_URL: slack.url,
      SLACK_CLIENT_ID: SLACK_APP.clientId,
      SLACK_CLIENT_SECRET: SLACK_APP.clientSecret,
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    });
  });
  afterAll(() => slack.close());
  const suite = pingramSuite('Pingram Users', runSystemForSuite(env));
  /** The SDK as an end user's app uses it: Basic clientId:userId:hmac instead of the API key. */
  let asAda: Pingram;
  const inbox: string[] = [];

  beforeAll(async () => {
    const [environment] = (await getJson(suite, '/environments')) as { clientId: string }[];
    const clientId = environment?.clientId ?? '';
    asAda = new Pingram({
      apiKey: clientId,
      baseUrl: suite.handle.system.baseUrl,
      headers: { Authorization: `Basic ${Buffer.from(`${clientId}:ada:`).toString('base64')}` },
    });
    for (const title of ['First', 'Second', 'Third']) {
      inbox.unshift(
        (await suite.client.send({ type: 'news', to: { id: 'ada' }, inapp: { title } })).trackingId,
      );
    }
    await eventually(async () =>
      (await asAda.user.getInAppNotifications()).notifications.length === 3 ? true : undefined,
    );
  });

  describe('user', () => {
    it('user.identify', async () => {
      const user = expectComplete(
        await suite.client.user.identify('ada', {
          id: 'ada',
          email: 'ada@example.com',
          number: '+15005550006',
          timezone: 'Europe/London',
        }),
        instanceOfUser,
      );

      expect(user).toMatchObject({
        id: 'ada',
        email: 'ada@example.com',
        number: '+15005550006',
        timezone: 'Europe/London',
      });
      expect(user.lastSeenTime).toEqual(expect.any(String));
    });

    it('user.getUser', async () => {
      await suite.client.user.identify('grace', { id: 'grace', email: 'grace@example.com' });

      const user = expectComplete(await suite.client.user.getUser('grace'), instanceOfUser);

      expect(user).toMatchObject({ id: 'grace', email: 'grace@example.com' });
    });

    it('user.getAccountMetadata', async () => {
      const metadata = expectComplete(
        await suite.client.user.getAccountMetadata(),
        instanceOfGetAccountMetadataResponse,
      );

      expect(metadata.userAccountMetadata).toEqual({
        logo: expect.any(String),
        environmentVapidPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
        hasWebPushEnabled: true,
      });
    });

    it('user.getInAppNotifications', async () => {
      const answer = expectComplete(
        await asAda.user.getInAppNotifications(undefined, 2),
        instanceOfGetInappNotificationsResponse,
      );

      answer.notifications.forEach((entry) =>
        expectComplete(entry, instanceOfGetInappNotificationsResponseNotificationsInner),
      );
      expect(answer.notifications.map(({ id, title }) => ({ id, title }))).toEqual([
        { id: inbox[0], title: 'Third' },
        { id: inbox[1], title: 'Second' },
      ]);
    });

    it('user.getInAppUnreadCount', async () => {
      const unread = expectComplete(
        await asAda.user.getInAppUnreadCount(),
        instanceOfInappUnreadCountResponse,
      );

      expect(unread.count).toBeGreaterThan(0);
    });

    it('user.markInAppNotificationsAsSeen', async () => {
      const before = (await asAda.user.getInAppUnreadCount()).count;

      const answer = expectComplete(
        await asAda.user.markInAppNotificationsAsSeen({ trackingId: inbox[2] }),
        instanceOfSuccessResponse,
      );

      expect(answer).toEqual({ success: true });
      expect((await asAda.user.getInAppUnreadCount()).count).toBe(before - 1);
    });

    it('user.updateInAppNotificationStatus', async () => {
      const opened = new Date().toISOString();

      const answer = expectComplete(
        await asAda.user.updateInAppNotificationStatus({
          trackingIds: [inbox[0] ?? ''],
          opened,
          reply: { date: opened, message: 'Thanks!' },
        }),
        instanceOfSuccessResponse,
      );

      expect(answer).toEqual({ success: true });
      const [newest] = (await asAda.user.getInAppNotifications(undefined, 1)).notifications;
      expect(newest).toMatchObject({
        id: inbox[0],
        opened,
        replies: [{ date: opened, message: 'Thanks!' }],
      });
    });

    it('user.generateSlackOauthPath', async () => {
      await suite.client.user.generateSlackOauthPath('ada', {
        code: SLACK_CODE,
        redirect_uri: 'https://app.example.com/slack/callback',
      });

      expect(slack.exchanges).toContainEqual(
        expect.objectContaining({
          code: SLACK_CODE,
          redirect_uri: 'https://app.example.com/slack/callback',
        }),
      );
      const user = await suite.client.user.getUser('ada');
      // The token is the user's credential: a read shows a hint of it, never the token.
      expect(user.slackToken).toMatchObject({
        ok: true,
        access_token: secretHint(SLACK_BOT_TOKEN),
        team: { id: 'T0E2E', name: 'Pingram Users' },
      });
    });

    it('user.getAvailableSlackChannels', async () => {
      await suite.client.user.generateSlackOauthPath('ada', {
        code: SLACK_CODE,
        redirect_uri: 'https://app.example.com/slack/callback',
      });

      const answer = await suite.client.user.getAvailableSlackChannelsRaw({ userId: 'ada' });

      expect(answer.raw.status).toBe(200);
      expect(await answer.raw.json()).toEqual([
        expect.objectContaining({ id: 'C0GENERAL', name: 'general' }),
      ]);
    });
  });

  describe('users', () => {
    it('users.listUsers', async () => {
      for (const id of ['list-a', 'list-b', 'list-c']) {
        await suite.client.user.identify(id, { id, email: `${id}@example.com` });
      }

      const first = expectComplete(
        await suite.client.users.listUsers(2, ''),
        instanceOfGetUsersResponse,
      );
      const pages = [first];
      while (pages.at(-1)?.hasMore) {
        const token = pages.at(-1)?.lastEvaluatedKey ?? '';
        pages.push(
          expectComplete(await suite.client.users.listUsers(2, token), instanceOfGetUsersResponse),
        );
      }

      const users = pages.flatMap((page) => page.users);
      users.forEach((user) => expectComplete(user, instanceOfGetUsersResponseUsersInner));
      expect(first.users).toHaveLength(2);
      expect(users.map((user) => user.id)).toEqual(
        expect.arrayContaining(['ada', 'list-a', 'list-b', 'list-c']),
      );
      expect(new Set(users.map((user) => user.id)).size).toBe(users.length);
    });

    it('users.deleteUser', async () => {
      await suite.client.user.identify('leaving', { id: 'leaving', email: 'leaving@example.com' });

      const answer = expectComplete(
        await suite.client.users.deleteUser('leaving'),
        instanceOfDeleteUserResponse,
      );

      expect(answer.message).toEqual(expect.any(String));
      expect((await suite.client.user.getUser('leaving')).email).toBeUndefined();
    });

    it('users.removeUserFromSuppression', async () => {
      await suite.client.user.identify('bounced', { id: 'bounced', email: 'bounced@example.com' });
      await suite.handle.database.query(
        `UPDATE notifications.users SET email_suppression = '{"reason":"Bounce","retryable":false,"details":{}}' WHERE id = 'bounced'`,
      );
      expect((await suite.client.user.getUser('bounced')).emailSuppressionStatus).toMatchObject({
        reason: 'Bounce',
      });

      const answer = expectComplete(
        await suite.client.users.removeUserFromSuppression('bounced', 'EMAIL'),
        instanceOfUserSuppressionDeleteResponse,
      );

      expect(answer.user).toMatchObject({ id: 'bounced', email: 'bounced@example.com' });
      expect(answer.user.emailSuppressionStatus).toBeUndefined();
    });
  });
});
