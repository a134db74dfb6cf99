import { generateKeyPairSync } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { secretHint } from '@clarion/contracts';
import {
  eventually,
  FakeTwilio,
  OtlpReceiver,
  runSystemForSuite,
  SmtpPeer,
  voiceAgentSpec,
} from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

/** The operator's credentials, given to the system as its environment. */
const OPERATOR = {
  smtpPassword: 'e2e-smtp-password-7Q2x',
  twilioToken: 'e2e-twilio-auth-token-9Kp3',
  slackClientSecret: 'e2e-slack-client-secret-4Fz8',
  openAiKey: 'sk-e2e-openai-key-2Lm5Xc',
  deepgramKey: 'e2e-deepgram-key-6Hw1Jq',
  elevenLabsKey: 'e2e-elevenlabs-key-5Ty9Pb',
  databasePassword: 'e2e-database-password-8Rt6',
  masterKey: 'ZTJlLW1hc3Rlci1rZXktb2YtMzItYnl0ZXMtITEyMzQ=',
  trackingSecret: 'e2e-tracking-secret-of-forty-characters-1Ax',
  voiceMediaSecret: 'e2e-voice-media-secret-of-forty-chars-2By',
};
/** What Google's token endpoint gives delivery-workers for the FCM service account. */
const GOOGLE_ACCESS_TOKEN = 'ya29.e2e-google-access-token-3Vn1';
const SLACK_TOKEN = 'xoxb-1111111111-2222222222-e2eSlackBotToken';
const VOICE_TOOL_KEY = 'sk_live_e2e-voice-tool-key-4Gd7';
const PASSWORD = 'e2e member password 0Zc4';
const WRONG_KEY = 'clarion_sk_e2eWrongKeyThatIsNotStored0123456789abcd';

/** A PEM's base64 body: the part no hint or header name could contain by chance. */
const pemBody = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '').slice(20, 80);

/**
 * Loopback stand-ins for what delivery-workers calls with customers' credentials: Google's token
 * endpoint and FCM (the service account's private key signs the token request), Slack (the
 * user's bot token) and the customer's events webhook receiver (signed with its secret).
 */
class Providers {
  readonly requests: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      this.requests.push({ url: request.url ?? '', headers: request.headers, body });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(this.answer(request.url ?? '')));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  to(path: string) {
    return this.requests.filter((request) => request.url.startsWith(path));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(url: string): Json {
    if (url === '/token') {
      return { access_token: GOOGLE_ACCESS_TOKEN, expires_in: 3600, token_type: 'Bearer' };
    }
    if (url.startsWith('/v1/projects/')) return { name: 'projects/secrets-e2e/messages/1' };
    if (url === '/slack/chat.postMessage') {
      return { ok: true, channel: 'C0SECRETS', ts: '1700000000.000100' };
    }
    return {};
  }
}

describe('secrets never leave: not in any read after they are given, nor in any log line or span', () => {
  const env: Record<string, string> = {};
  const providers = new Providers();
  const traces = new OtlpReceiver();
  let smtp: SmtpPeer;
  let twilio: FakeTwilio;

  beforeAll(async () => {
    const [providersUrl, tracesUrl] = await Promise.all([providers.start(), traces.start()]);
    smtp = await SmtpPeer.start();
    smtp.replyToRecipient('bounce@example.com', 550, '5.1.1 No such user');
    twilio = await FakeTwilio.start('ACsecrets', OPERATOR.twilioToken);
    const smtpUrl = new URL(smtp.url);
    smtpUrl.username = 'e2e-smtp-user';
    smtpUrl.password = OPERATOR.smtpPassword;
    Object.assign(env, {
      LOG_LEVEL: 'debug',
      OTEL_EXPORTER_OTLP_ENDPOINT: tracesUrl,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      // The receiver reads text: JSON rather than the default protobuf.
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      SMTP_URL: smtpUrl.toString(),
      TWILIO_BASE_URL: twilio.baseUrl,
      TWILIO_ACCOUNT_SID: 'ACsecrets',
      TWILIO_AUTH_TOKEN: OPERATOR.twilioToken,
      TWILIO_FROM_NUMBER: '+15550001111',
      GOOGLE_OAUTH_TOKEN_URL: `${providersUrl}/token`,
      FCM_BASE_URL: providersUrl,
      SLACK_API_URL: `${providersUrl}/slack`,
      SLACK_CLIENT_ID: 'e2e-slack-app',
      SLACK_CLIENT_SECRET: OPERATOR.slackClientSecret,
      OPENAI_API_KEY: OPERATOR.openAiKey,
      DEEPGRAM_API_KEY: OPERATOR.deepgramKey,
      ELEVENLABS_API_KEY: OPERATOR.elevenLabsKey,
      SECRETS_MASTER_KEYS: `e2e:${OPERATOR.masterKey}`,
      TRACKING_SECRET: OPERATOR.trackingSecret,
      VOICE_MEDIA_SECRET: OPERATOR.voiceMediaSecret,
    });
  });
  // The database's owner logs in with the operator's password, which every PostgreSQL checks
  // (embedded) or ignores (trusting local connections): either way the services are given it.
  const suite = runSystemForSuite(async (database) => ({
    ...env,
    DATABASE_URL: await database.ownedByRoleWithPassword(OPERATOR.databasePassword),
  }));

  /** Every secret given to the system, by name, as the tests learn them. */
  const given: Record<string, string> = { ...OPERATOR, WRONG_KEY, PASSWORD, SLACK_TOKEN };
  let api: ApiClient;
  let clientId: string;

  beforeAll(() => {
    const account = suite.system.createAccount('Secrets', 'owner@secrets.test', {
      password: PASSWORD,
    });
    given['defaultApiKey'] = account.apiKey;
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
  });

  afterAll(async () => {
    await Promise.all([providers.close(), traces.stop(), smtp.close(), twilio.close()]);
  });

  const ok = async <T = Json>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await api.call<T>(method, path, body);
    expect({ method, path, status: answer.status }).toEqual({ method, path, status: 200 });
    return answer.body;
  };

  /** The secrets among `names` that appear anywhere in `text`. */
  const leakedIn = (text: string, names: string[]) =>
    names.filter((name) => given[name] !== undefined && text.includes(given[name]));

  /** What the API answers to every read a key can make, as one text. */
  async function everyRead(): Promise<string> {
    const reads = [
      '/account',
      '/keys',
      '/members',
      '/users',
      '/users/ada',
      '/users/account-metadata',
      '/webhooks/events',
      '/settings/push/fcm',
      '/settings/push/apn',
      '/voice/agents',
      '/logs',
      '/logs/tail',
      '/types',
    ];
    const answers = await Promise.all(reads.map((path) => api.call('GET', path)));
    const agents = (answers[9]?.body as { agents?: { agentId: string }[] }).agents ?? [];
    const tracked = (answers[11]?.body as { logs?: { trackingId?: string }[] }).logs ?? [];
    const ids = tracked.map((log) => log.trackingId).filter(Boolean);
    const more = await Promise.all([
      ...agents.map((agent) => api.call('GET', `/voice/agents/${agent.agentId}`)),
      ...(ids.length > 0 ? [api.call('GET', `/logs/${ids.slice(0, 25).join(',')}`)] : []),
    ]);
    return JSON.stringify([...answers, ...more].map((answer) => answer.body));
  }

  it('API keys and the environment secret are used but never read back (GET /environments lists clientSecret, as the spec requires)', async () => {
    const created = await ok<{ id: string; key: string }>('POST', '/keys', {
      keyType: 'secret',
      name: 'CI',
    });
    given['createdApiKey'] = created.key;
    const [environment] = await ok<{ clientId: string; clientSecret: string }[]>(
      'GET',
      '/environments',
    );
    clientId = environment!.clientId;
    given['clientSecret'] = environment!.clientSecret;
    // The one read that shows it, and the proof that the search below finds what is there.
    expect(leakedIn(JSON.stringify(await ok('GET', '/environments')), ['clientSecret'])).toEqual([
      'clientSecret',
    ]);

    const byNewKey = await ApiClient.withApiKey(suite.system.baseUrl, created.key).call(
      'GET',
      '/keys',
    );
    expect(byNewKey.status).toBe(200);
    const basic = `Basic ${Buffer.from(`${clientId}:${given['clientSecret']}`).toString('base64')}`;
    expect((await new ApiClient(suite.system.baseUrl, basic).call('GET', '/users')).status).toBe(
      200,
    );
    const wrong = await ApiClient.withApiKey(suite.system.baseUrl, WRONG_KEY).call('GET', '/keys');
    expect(wrong.status).toBe(401);

    const signedIn = await new ApiClient(suite.system.baseUrl).call<{ token: string }>(
      'POST',
      '/auth/login',
      {
        email: 'owner@secrets.test',
        password: PASSWORD,
      },
    );
    given['sessionToken'] = signedIn.body.token;
    expect(
      (
        await ApiClient.withApiKey(suite.system.baseUrl, signedIn.body.token).call(
          'GET',
          '/profile/mfa',
        )
      ).status,
    ).toBe(200);

    const keys = await ok<{ keys: { id: string; key: string }[] }>('GET', '/keys');
    expect(keys.keys.find((key) => key.id === created.id)?.key).toBe(
      `clarion_sk_…${created.key.slice(-4)}`,
    );
    expect(leakedIn(await everyRead(), ['defaultApiKey', 'createdApiKey', 'clientSecret'])).toEqual(
      [],
    );
  });

  it('the events webhook secret is given once, at creation, then read as a hint, and signs every event', async () => {
    const webhook = `${providers.url}/events`;
    const created = await ok<{ secret: string }>('PUT', '/webhooks/events', {
      webhook,
      events: ['EMAIL_FAILED'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    given['webhookSecret'] = created.secret;

    const saved = await ok<{ secret: string }>('PUT', '/webhooks/events', {
      webhook,
      events: ['EMAIL_FAILED'],
    });
    expect(saved.secret).toBe(secretHint(created.secret));
    expect((await ok<Json>('GET', '/webhooks/events'))['secret']).toBe(secretHint(created.secret));

    await ok('POST', '/send', {
      type: 'bounce',
      to: { id: 'bob', email: 'bounce@example.com' },
      forceChannels: ['EMAIL'],
      email: { subject: 'Bounces', html: '<p>never arrives</p>' },
    });
    const [event] = await eventually(
      () => (providers.to('/events').length > 0 ? providers.to('/events') : undefined),
      { timeoutMs: 30_000 },
    );
    const headers = Object.fromEntries(
      Object.entries(event!.headers).map(([name, value]) => [name, String(value)]),
    );
    expect(new Webhook(created.secret).verify(event!.body, headers)).toMatchObject({
      eventType: 'EMAIL_FAILED',
    });
    expect(leakedIn(await everyRead(), ['webhookSecret'])).toEqual([]);
  });

  it('push credentials are used to send and never read back', async () => {
    const fcmKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const apnKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    given['fcmPrivateKey'] = pemBody(fcmKey);
    given['apnPrivateKey'] = pemBody(apnKey);
    given['googleAccessToken'] = GOOGLE_ACCESS_TOKEN;
    await ok('PUT', '/settings/push/fcm', {
      serviceAccount: {
        type: 'service_account',
        project_id: 'secrets-e2e',
        client_email: 'push@secrets-e2e.iam.gserviceaccount.com',
        private_key: fcmKey,
      },
    });
    await ok('PUT', '/settings/push/apn', {
      teamId: 'ABCDE12345',
      keyId: 'KEY1234567',
      bundleId: 'test.secrets.app',
      privateKey: apnKey,
    });

    await ok('POST', '/send', {
      type: 'pushed',
      to: {
        id: 'ada',
        pushTokens: [{ type: 'FCM', token: 'fcm-device-token-ada', device: { device_id: 'd1' } }],
      },
      forceChannels: ['PUSH'],
      mobile_push: { title: 'Hello', message: 'Pushed with the stored key' },
    });
    const [sent] = await eventually(
      () => (providers.to('/v1/projects/').length > 0 ? providers.to('/v1/projects/') : undefined),
      { timeoutMs: 30_000 },
    );
    expect(sent!.headers.authorization).toBe(`Bearer ${GOOGLE_ACCESS_TOKEN}`);
    expect(
      leakedIn(await everyRead(), ['fcmPrivateKey', 'apnPrivateKey', 'googleAccessToken']),
    ).toEqual([]);
  });

  it("a user's Slack token posts their messages but is read, and kept in the send's log record, as a hint", async () => {
    const slackToken = { ok: true, access_token: SLACK_TOKEN, team: { id: 'T0', name: 'Acme' } };
    const identified = await ok<{ slackToken: Json }>('POST', '/users/ada', {
      slackChannel: 'C0SECRETS',
      slackToken,
    });
    expect(identified.slackToken).toEqual({ ...slackToken, access_token: secretHint(SLACK_TOKEN) });

    // A client posting back the user it read keeps the stored token, which the next send uses.
    const read = await ok<Json>('GET', '/users/ada');
    await ok('POST', '/users/ada', read);
    const { trackingId } = await ok<{ trackingId: string }>('POST', '/send', {
      type: 'chatted',
      to: { id: 'ada', slackChannel: 'C0SECRETS', slackToken },
      forceChannels: ['SLACK'],
      slack: { text: 'Posted with the stored token' },
    });
    const [posted] = await eventually(
      () =>
        providers.to('/slack/chat.postMessage').length > 0
          ? providers.to('/slack/chat.postMessage')
          : undefined,
      { timeoutMs: 30_000 },
    );
    expect(posted!.headers.authorization).toBe(`Bearer ${SLACK_TOKEN}`);
    const record = await eventually(async () => {
      const { logs } = await ok<{ logs: Json[] }>('GET', `/logs/${trackingId}`);
      return logs[0]?.['request'] ? logs[0] : undefined;
    });
    expect(JSON.parse(String(record['request']))).toMatchObject({
      to: { slackToken: { access_token: secretHint(SLACK_TOKEN) } },
    });
    expect(leakedIn(await everyRead(), ['SLACK_TOKEN'])).toEqual([]);
  });

  it("a voice agent's tool header values are read as hints and survive a spec PUT back as read", async () => {
    const tool = {
      type: 'http_request',
      name: 'lookup',
      description: 'Find the order',
      url: 'https://203.0.113.10/orders',
      method: 'GET',
      headers: { 'X-Api-Key': VOICE_TOOL_KEY },
    };
    given['voiceToolKey'] = VOICE_TOOL_KEY;
    const { agent } = await ok<{ agent: { agentId: string; spec: Json } }>(
      'POST',
      '/voice/agents',
      {
        spec: voiceAgentSpec({ tools: [tool] as never }),
      },
    );
    expect(agent.spec['tools']).toEqual([
      { ...tool, headers: { 'X-Api-Key': secretHint(VOICE_TOOL_KEY) } },
    ]);
    const read = await ok<{ agent: { spec: Json } }>('GET', `/voice/agents/${agent.agentId}`);
    await ok('PUT', `/voice/agents/${agent.agentId}`, { spec: read.agent.spec });

    const [stored] = await suite.database.query<{ spec: { tools: Json[] } }>(
      'SELECT spec FROM voice.agents WHERE agent_id = $1',
      [agent.agentId],
    );
    expect(stored?.spec.tools[0]).toMatchObject({ headers: { 'X-Api-Key': VOICE_TOOL_KEY } });
    expect(leakedIn(await everyRead(), ['voiceToolKey'])).toEqual([]);
  });

  it('no secret appears in any line the services logged, nor in any span they exported', async () => {
    // Spans are exported every 200 ms; a second lets the last batches arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const names = Object.keys(given);
    expect(names.length).toBeGreaterThanOrEqual(22);
    const log = suite.system.output.join('');
    expect(log).toContain('"level":"debug"');
    expect(leakedIn(log, names)).toEqual([]);
    // The spans searched are those of the requests above (url.path, SQL text, subjects).
    const spans = traces.payloads.join('\n');
    expect(spans).toContain('/settings/push/fcm');
    expect(leakedIn(spans, names)).toEqual([]);
  });
});
