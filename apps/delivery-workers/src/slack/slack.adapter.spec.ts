import type { SendSlackContentDto, SlackDeliveryJob } from '@clarion/contracts';
import { Channel } from '@clarion/contracts';
import { OutboundGuard, OutboundUrlRefusedError } from '@clarion/outbound';
import { freePort } from '@clarion/testing';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AttemptContext } from '../delivery/provider-outcome';
import { SlackAdapter } from './slack.adapter';

const TOKEN = 'xoxb-test-bot-token';
const ctx: AttemptContext = { idempotencyKey: 'trk:slack:C1', attempt: 1 };

interface SlackCall {
  method: string;
  contentType: string | undefined;
  body: Record<string, unknown>;
}
interface SlackReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}
type SlackMethod = (call: SlackCall) => SlackReply;

/** Two pages each, so a lookup has to follow next_cursor to find `ops` and `@jane`. */
const workspace: Record<string, SlackMethod> = {
  'chat.postMessage': ({ body }) => {
    const channel = String(body['channel']);
    return {
      body: {
        ok: true,
        channel: channel.startsWith('U') ? 'D0DMWITHU1' : channel,
        ts: '1714560000.000100',
      },
    };
  },
  'conversations.list': ({ body }) =>
    page(body['cursor'], 'channels', [
      [{ id: 'C0GENERAL1', name: 'general', is_private: false }],
      [{ id: 'G0OPSTEAM1', name: 'ops', is_private: true }],
    ]),
  'users.list': ({ body }) =>
    page(body['cursor'], 'members', [
      [{ id: 'U0GONE0001', name: 'jane', deleted: true, profile: { display_name: 'Jane' } }],
      [
        { id: 'U0JANE0001', name: 'jane', profile: { display_name: 'Jane D' } },
        { id: 'U0BOB00001', name: 'bob', profile: { display_name: 'Robert' } },
      ],
    ]),
};

function page(cursor: unknown, key: string, pages: unknown[][]): SlackReply {
  const index = cursor ? Number(String(cursor).replace('page-', '')) : 0;
  const next = index + 1 < pages.length ? `page-${index + 1}` : '';
  return { body: { ok: true, [key]: pages[index], response_metadata: { next_cursor: next } } };
}

describe(SlackAdapter.name, () => {
  const calls: SlackCall[] = [];
  let answers: Record<string, SlackMethod> = {};
  let server: Server;
  let apiUrl: string;
  let sut: SlackAdapter;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const contentType = req.headers['content-type'];
        const body = contentType?.startsWith('application/json')
          ? (JSON.parse(raw) as Record<string, unknown>)
          : Object.fromEntries(new URLSearchParams(raw));
        const call = { method: (req.url ?? '').replace('/api/', ''), contentType, body };
        calls.push(call);
        const reply: SlackReply =
          req.headers.authorization !== `Bearer ${TOKEN}`
            ? { body: { ok: false, error: 'invalid_auth' } }
            : ((answers[call.method] ?? workspace[call.method])?.(call) ?? {
                status: 404,
                body: 'unknown_method',
              });
        res.writeHead(reply.status ?? 200, {
          'Content-Type': 'application/json',
          ...reply.headers,
        });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    calls.length = 0;
    answers = {};
    sut = new SlackAdapter({ apiUrl }, fetch);
  });

  const posts = () => calls.filter((call) => call.method === 'chat.postMessage');

  it('posts every field of the send to the channel id as chat.postMessage JSON', async () => {
    const content: SendSlackContentDto = {
      text: 'Build failed',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Build* failed' } }],
      username: 'CI',
      icon: ':rotating_light:',
      thread_ts: '1714550000.000200',
      reply_broadcast: true,
      parse: 'none',
      link_names: true,
      mrkdwn: false,
      unfurl_links: false,
      unfurl_media: false,
      metadata: { event_type: 'build_failed', event_payload: { build: 42 } },
    };

    const outcome = await sut.send(slackJob('C0123456789', content), ctx);

    expect(outcome).toEqual({
      status: 'sent',
      providerMessageId: '1714560000.000100',
      delivered: true,
      deliveredFields: { internal: 'C0123456789:1714560000.000100' },
    });
    expect(calls).toEqual([
      {
        method: 'chat.postMessage',
        contentType: 'application/json; charset=utf-8',
        body: {
          channel: 'C0123456789',
          text: 'Build failed',
          blocks: content.blocks,
          username: 'CI',
          icon_emoji: ':rotating_light:',
          thread_ts: '1714550000.000200',
          reply_broadcast: true,
          parse: 'none',
          link_names: true,
          mrkdwn: false,
          unfurl_links: false,
          unfurl_media: false,
          metadata: content.metadata,
        },
      },
    ]);
  });

  it('sends only the text when the send sets nothing else, and an icon URL as icon_url', async () => {
    await sut.send(slackJob('C0123456789', { text: 'Hi' }), ctx);
    await sut.send(slackJob('C0123456789', { text: 'Hi', icon: 'https://x.test/bot.png' }), ctx);
    expect(posts().map((call) => call.body)).toEqual([
      { channel: 'C0123456789', text: 'Hi' },
      { channel: 'C0123456789', text: 'Hi', icon_url: 'https://x.test/bot.png' },
    ]);
  });

  it.each([
    ['#ops', 'G0OPSTEAM1'],
    ['general', 'C0GENERAL1'],
  ])('finds the channel %p by name across conversations.list pages', async (slackChannel, id) => {
    const outcome = await sut.send(slackJob(slackChannel), ctx);

    expect(outcome).toMatchObject({
      status: 'sent',
      deliveredFields: { internal: `${id}:1714560000.000100` },
    });
    expect(
      calls.filter((call) => call.method === 'conversations.list').map((call) => call.body),
    ).toEqual([
      { types: 'public_channel,private_channel', exclude_archived: 'true', limit: '200' },
      {
        types: 'public_channel,private_channel',
        exclude_archived: 'true',
        limit: '200',
        cursor: 'page-1',
      },
    ]);
    expect(posts()[0]!.body['channel']).toBe(id);
  });

  it.each([
    ['@jane', 'U0JANE0001'],
    ['@Robert', 'U0BOB00001'],
  ])('sends %p a direct message by looking the name up in users.list', async (slackChannel, id) => {
    const outcome = await sut.send(slackJob(slackChannel), ctx);

    expect(outcome).toMatchObject({
      status: 'sent',
      deliveredFields: { internal: 'D0DMWITHU1:1714560000.000100' },
    });
    expect(calls.filter((call) => call.method === 'users.list').map((call) => call.body)).toEqual([
      { limit: '200' },
      { limit: '200', cursor: 'page-1' },
    ]);
    expect(posts()[0]!.body['channel']).toBe(id);
  });

  it.each(['U0JANE0001', 'W0JANE0001', 'D0DMWITHU1', 'G0OPSTEAM1'])(
    'posts to the id %s without a lookup',
    async (id) => {
      await sut.send(slackJob(id), ctx);
      expect(calls.map((call) => [call.method, call.body['channel']])).toEqual([
        ['chat.postMessage', id],
      ]);
    },
  );

  it('fails with CHANNEL_NOT_FOUND for a name nobody has, without posting', async () => {
    expect(await sut.send(slackJob('#nowhere'), ctx)).toMatchObject({
      status: 'failed',
      code: 'CHANNEL_NOT_FOUND',
    });
    expect(await sut.send(slackJob('@nobody'), ctx)).toMatchObject({
      status: 'failed',
      code: 'CHANNEL_NOT_FOUND',
    });
    expect(posts()).toHaveLength(0);
  });

  it.each([[{ authed_user: { id: 'U1', access_token: TOKEN } }], [{ token: TOKEN }]])(
    'falls back to the other tokens of the stored OAuth answer: %p',
    async (slackToken) => {
      expect(
        await sut.send(slackJob('C0123456789', { text: 'Hi' }, slackToken), ctx),
      ).toMatchObject({ status: 'sent' });
    },
  );

  it('fails with NO_ADDRESS without a token or a channel', async () => {
    const noToken = slackJob('C0123456789', { text: 'Hi' }, { ok: true });
    const noChannel = {
      ...slackJob(''),
      recipient: { id: 'u1', slackToken: { access_token: TOKEN } },
    };
    expect(await sut.send(noToken, ctx)).toMatchObject({ status: 'failed', code: 'NO_ADDRESS' });
    expect(await sut.send(noChannel, ctx)).toMatchObject({ status: 'failed', code: 'NO_ADDRESS' });
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['channel_not_found', 'CHANNEL_NOT_FOUND'],
    ['not_in_channel', 'NOT_IN_CHANNEL'],
    ['is_archived', 'CHANNEL_ARCHIVED'],
    ['msg_too_long', 'MESSAGE_TOO_LONG'],
    ['no_text', 'NO_TEXT'],
    ['restricted_action', 'RESTRICTED_ACTION'],
    ['ekm_access_denied', 'RESTRICTED_ACTION'],
    ['token_expired', 'TOKEN_EXPIRED'],
    ['token_revoked', 'TOKEN_EXPIRED'],
    ['invalid_auth', 'INVALID_AUTH'],
    ['not_authed', 'INVALID_AUTH'],
    ['account_inactive', 'INVALID_AUTH'],
    ['invalid_blocks', 'UNKNOWN'],
  ])('fails the Slack error %s as %s', async (error, code) => {
    answers['chat.postMessage'] = () => ({ body: { ok: false, error } });
    expect(await sut.send(slackJob('C0123456789'), ctx)).toEqual({
      status: 'failed',
      code,
      reason: error,
    });
  });

  it('fails a token Slack does not accept as INVALID_AUTH', async () => {
    const job = slackJob('C0123456789', { text: 'Hi' }, { access_token: 'xoxb-revoked' });
    expect(await sut.send(job, ctx)).toEqual({
      status: 'failed',
      code: 'INVALID_AUTH',
      reason: 'invalid_auth',
    });
  });

  it('retries a rate limit after its Retry-After', async () => {
    answers['chat.postMessage'] = () => ({
      status: 429,
      headers: { 'Retry-After': '7' },
      body: { ok: false, error: 'ratelimited' },
    });
    expect(await sut.send(slackJob('C0123456789'), ctx)).toMatchObject({
      status: 'retry',
      retryAfterMs: 7000,
    });
  });

  it('retries a rate-limited name lookup', async () => {
    answers['conversations.list'] = () => ({
      status: 429,
      headers: { 'Retry-After': '30' },
      body: { ok: false, error: 'ratelimited' },
    });
    expect(await sut.send(slackJob('#ops'), ctx)).toMatchObject({
      status: 'retry',
      retryAfterMs: 30_000,
    });
    answers = {};
    expect(await sut.send(slackJob('#ops'), ctx)).toMatchObject({ status: 'sent' });
  });

  it('retries a 5xx, a transient Slack error and an unreachable Slack', async () => {
    answers['chat.postMessage'] = () => ({ status: 503, body: '<html>unavailable</html>' });
    expect(await sut.send(slackJob('C0123456789'), ctx)).toMatchObject({ status: 'retry' });
    answers['chat.postMessage'] = () => ({ body: { ok: false, error: 'internal_error' } });
    expect(await sut.send(slackJob('C0123456789'), ctx)).toEqual({
      status: 'retry',
      reason: 'internal_error',
    });
    const unreachable = new SlackAdapter(
      { apiUrl: `http://127.0.0.1:${await freePort()}/api` },
      fetch,
    );
    expect(await unreachable.send(slackJob('C0123456789'), ctx)).toMatchObject({
      status: 'retry',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('fails without retrying when the outbound policy refuses the Slack API address', async () => {
    const refusing = new SlackAdapter({ apiUrl }, (url) =>
      Promise.reject(new OutboundUrlRefusedError(url, '127.0.0.1 is a private address')),
    );
    expect(await refusing.send(slackJob('C0123456789'), ctx)).toMatchObject({
      status: 'failed',
      code: 'UNKNOWN',
      reason: expect.stringContaining('private address'),
    });
  });

  it('never calls a Slack API address the active guard refuses, however it is spelled', async () => {
    const guard = OutboundGuard.fromAllowList('');
    try {
      for (const host of ['0177.0.0.1', '2130706433', '[::ffff:127.0.0.1]']) {
        const guarded = new SlackAdapter(
          { apiUrl: apiUrl.replace('127.0.0.1', host) },
          guard.fetch,
        );
        expect(await guarded.send(slackJob('C0123456789'), ctx)).toMatchObject({
          status: 'failed',
          code: 'UNKNOWN',
          reason: expect.stringContaining('private, loopback'),
        });
      }
      expect(calls).toHaveLength(0);
    } finally {
      await guard.close();
    }
  });

  it('lists the channels the bot can see across pages', async () => {
    expect(await sut.listChannels({ access_token: TOKEN })).toEqual([
      { id: 'C0GENERAL1', name: 'general', isPrivate: false },
      { id: 'G0OPSTEAM1', name: 'ops', isPrivate: true },
    ]);
    await expect(sut.listChannels({ access_token: 'xoxb-revoked' })).rejects.toMatchObject({
      slackError: 'invalid_auth',
    });
  });
});

function slackJob(
  slackChannel: string,
  content: SendSlackContentDto = { text: 'Hello' },
  slackToken: Record<string, unknown> = { ok: true, access_token: TOKEN, token_type: 'bot' },
): SlackDeliveryJob {
  return {
    trackingId: randomUUID(),
    accountId: 'acc-1',
    envId: 'env-1',
    channel: Channel.SLACK,
    notificationId: 'build_status',
    recipient: { id: 'user-1', slackChannel, slackToken },
    content,
    receivedAt: new Date().toISOString(),
  };
}
