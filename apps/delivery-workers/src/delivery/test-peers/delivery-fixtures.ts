import { createECDH, createPublicKey, ECDH, randomBytes, randomInt, verify } from 'node:crypto';
import { once } from 'node:events';
import { createServer as createHttpServer, IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpsServer, Server, ServerOptions } from 'node:https';
import { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { INestApplicationContext } from '@nestjs/common';
import { ConsumerMessages, JSONCodec, MsgHdrs, NatsConnection, PubAck } from 'nats';
import {
  Channel,
  DeliveryEventData,
  DeliveryJob,
  DeliveryRecipient,
  EventEnvelope,
  JobDefinition,
  newTimeOrderedId,
  PushSettingsResponseDto,
  Requests,
  WebPushTokenDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FakeTwilio, ReceivedEmail, ReceivedTwilioRequest, SmtpPeer } from '@clarion/testing';
import { ApnsPeer, startApnsPeer } from '../../mobile-push/test-peers/apns-peer';
import { FcmPeer, startFcmPeer } from '../../mobile-push/test-peers/fcm-peer';
import {
  GoogleOAuthPeer,
  startGoogleOAuthPeer,
} from '../../mobile-push/test-peers/google-oauth-peer';
import { apnsKeyOf, serviceAccountOf } from '../../mobile-push/test-peers/mobile-push-fixtures';
import { bodyOf, bytesOf } from './http-peer-io';

/** The sender number the tests configure for Twilio. */
export const TWILIO_FROM = '+15550001000';

/** Every loopback provider peer: app A's, and `downTwilio` for an app whose Twilio is down. */
export interface ProviderPeers {
  smtp: SmtpPeer;
  twilio: FakeTwilio;
  downTwilio: FakeTwilio;
  oauth: GoogleOAuthPeer;
  fcm: FcmPeer;
  apns: ApnsPeer;
  pushService: WebPushService;
  slack: SlackPeer;
  /** The Google service account the OAuth peer grants tokens to. */
  serviceAccount: ReturnType<typeof serviceAccountOf>;
  /** The APNs key (.p8) the APNs peer checks provider tokens with. */
  apnsKey: ReturnType<typeof apnsKeyOf>;
}

export async function startProviderPeers(tls: {
  cert: Buffer;
  key: Buffer;
  ca: Buffer;
}): Promise<ProviderPeers> {
  const serviceAccount = serviceAccountOf();
  const apnsKey = apnsKeyOf();
  const [smtp, twilio, downTwilio, oauth, apns, pushService, slack] = await Promise.all([
    SmtpPeer.start(),
    FakeTwilio.start(`AC${randomBytes(16).toString('hex')}`, 'twilio-token'),
    FakeTwilio.start(`AC${randomBytes(16).toString('hex')}`, 'twilio-token'),
    startGoogleOAuthPeer({
      clientEmail: serviceAccount.credentials.clientEmail,
      publicKey: serviceAccount.publicKey,
    }),
    startApnsPeer(tls, { ...apnsKey.credentials, publicKey: apnsKey.publicKey }),
    WebPushService.start(tls),
    SlackPeer.start(),
  ]);
  const fcm = await startFcmPeer((accessToken) => oauth.isGranted(accessToken));
  const peers = { smtp, twilio, downTwilio, oauth, fcm, apns, pushService, slack };
  return { ...peers, serviceAccount, apnsKey };
}

export async function closeProviderPeers(peers: ProviderPeers | undefined): Promise<void> {
  if (!peers) return;
  const { smtp, twilio, downTwilio, oauth, fcm, apns, pushService, slack } = peers;
  const all = [smtp, twilio, downTwilio, oauth, fcm, apns, pushService, slack];
  await Promise.all(all.map((peer) => peer.close()));
}

/** The settings that point an app at the peers (every provider configured). */
export function providerSettingsOf(peers: ProviderPeers): Record<string, string> {
  return {
    SMTP_URL: peers.smtp.url,
    ...twilioSettingsOf(peers.twilio),
    FCM_BASE_URL: peers.fcm.baseUrl,
    GOOGLE_OAUTH_TOKEN_URL: peers.oauth.tokenUrl,
    APNS_HOST: peers.apns.origin,
    SLACK_API_URL: peers.slack.apiUrl,
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
  };
}

export function twilioSettingsOf(fake: FakeTwilio): Record<string, string> {
  return {
    TWILIO_BASE_URL: fake.baseUrl,
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM_NUMBER: TWILIO_FROM,
  };
}

/** The emails the SMTP peer accepted for one recipient. */
export function emailsTo(smtp: SmtpPeer, email: string): ReceivedEmail[] {
  return smtp.received.filter((received) => received.envelope.to.includes(email));
}

/** Publishes a job through the app's own messaging client (msgId: the trackingId by default). */
export function publishJob<T extends { trackingId: string }>(
  app: INestApplicationContext,
  definition: JobDefinition<T>,
  job: T,
  msgId = job.trackingId,
): Promise<PubAck> {
  return app.get(MessagingClient).publishJob(definition, job, { msgId });
}

/** The Messages.json requests the fake received for one recipient number. */
export function messagesTo(fake: FakeTwilio, number: string): ReceivedTwilioRequest[] {
  return fake.requestsTo('Messages.json').filter((request) => request.form.get('To') === number);
}

/** Saves the peers' FCM service account and APNs key for an environment, as the gateway does. */
export async function savePushCredentials(
  messaging: MessagingClient,
  tenant: Tenant,
  { serviceAccount, apnsKey }: ProviderPeers,
): Promise<PushSettingsResponseDto[]> {
  const { projectId, clientEmail, privateKey } = serviceAccount.credentials;
  const fcm = await messaging.request(Requests.saveFcmSettings, {
    ...tenant,
    serviceAccount: {
      type: 'service_account',
      project_id: projectId,
      client_email: clientEmail,
      private_key: privateKey,
    },
  });
  const apn = await messaging.request(Requests.saveApnSettings, {
    ...tenant,
    ...apnsKey.credentials,
  });
  return [fcm, apn];
}

/** True once a durable consumer acknowledged everything up to `seq`, else undefined. */
export async function acknowledgedUpTo(
  nats: NatsConnection,
  stream: string,
  durable: string,
  seq: number,
): Promise<true | undefined> {
  const info = await (await nats.jetstreamManager()).consumers.info(stream, durable);
  return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? true : undefined;
}

/** One message of a followed stream. */
export interface StreamEntry {
  subject: string;
  data: unknown;
  headers?: MsgHdrs;
}

export type DeliveryEvent = EventEnvelope<DeliveryEventData>;

/**
 * Everything published on a stream (from its start), collected in the background by an ordered
 * consumer: the EVENTS stream to see the steps of each send, the DEAD_LETTER stream to see jobs
 * the workers gave up on.
 */
export class StreamLog {
  readonly entries: StreamEntry[] = [];

  private constructor(private readonly messages: ConsumerMessages) {}

  static async follow(nats: NatsConnection, stream: string): Promise<StreamLog> {
    const consumer = await nats.jetstream().consumers.get(stream);
    const log = new StreamLog(await consumer.consume());
    void (async () => {
      for await (const message of log.messages) {
        log.entries.push({
          subject: message.subject,
          data: message.json<unknown>(),
          headers: message.headers,
        });
      }
    })();
    return log;
  }

  /** The delivery events of a send, optionally of one kind (`delivery.sms.sent`). */
  eventsOf(trackingId: string, kind?: string): DeliveryEvent[] {
    return this.entries
      .map((entry) => entry.data as DeliveryEvent)
      .filter((event) => event.trackingId === trackingId && (!kind || event.kind === kind));
  }

  /** The first event of that kind for the send, or undefined while there is none. */
  first(trackingId: string, kind: string): DeliveryEvent | undefined {
    return this.eventsOf(trackingId, kind)[0];
  }

  /** The dead letter of a job on `subject`, or undefined while there is none. */
  deadLetterOf(subject: string, trackingId: string): StreamEntry | undefined {
    return this.entries.find(
      (entry) =>
        entry.subject === subject &&
        (entry.data as { trackingId?: string } | null)?.trackingId === trackingId,
    );
  }

  async close(): Promise<void> {
    await this.messages.close();
  }
}

/**
 * Stands in for the services the workers ask over NATS (notifications): records every request
 * on the given subjects and answers each with `{ success: true }`.
 */
export class NatsStandIn {
  private readonly received = new Map<string, unknown[]>();

  constructor(nats: NatsConnection, namespace: string, subjects: string[]) {
    const json = JSONCodec();
    for (const subject of subjects) {
      this.received.set(subject, []);
      nats.subscribe(`${namespace}.${subject}`, {
        callback: (_, message) => {
          this.received.get(subject)?.push(json.decode(message.data));
          message.respond(json.encode({ ok: true, data: { success: true } }));
        },
      });
    }
  }

  requestsTo<T>(subject: string): T[] {
    return (this.received.get(subject) ?? []) as T[];
  }
}

export interface Tenant {
  accountId: string;
  envId: string;
}

export function newTenant(): Tenant {
  return { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };
}

/** A delivery job as the send pipeline renders it, with a fresh trackingId. */
export function deliveryJobOf<TContent>(
  channel: Channel,
  tenant: Tenant,
  recipient: Omit<DeliveryRecipient, 'id'>,
  content: TContent,
): DeliveryJob<TContent> {
  return {
    trackingId: newTimeOrderedId(),
    ...tenant,
    channel,
    notificationId: 'integration',
    recipient: { id: `user-${randomBytes(4).toString('hex')}`, ...recipient },
    content,
    receivedAt: new Date(Date.now() - 20).toISOString(),
  };
}

/** A number no other test uses (E.164, in the 555 range). */
export function uniqueNumber(): string {
  return `+1555${randomInt(1_000_000, 10_000_000)}`;
}

export function uniqueEmail(): string {
  return `user-${randomBytes(5).toString('hex')}@example.test`;
}

/** A push the loopback push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's subscription (PushManager.subscribe) and the key pair that decrypts its pushes. */
export interface BrowserSubscription {
  ecdh: ECDH;
  token: WebPushTokenDto;
}

/** A web push service (RFC 8030) on loopback HTTPS: records pushes, answers 201 or as told. */
export class WebPushService {
  readonly received: ReceivedPush[] = [];
  private readonly answers = new Map<string, { status: number; body: string }>();
  private readonly server: Server;

  private constructor(tls: ServerOptions) {
    this.server = createHttpsServer(tls, (request, response) => {
      void bytesOf(request).then((body) => {
        const path = request.url ?? '';
        this.received.push({ path, headers: request.headers, body });
        const answer = this.answers.get(path) ?? { status: 201, body: '' };
        response.writeHead(answer.status).end(answer.body);
      });
    });
  }

  static async start(tls: ServerOptions): Promise<WebPushService> {
    const service = new WebPushService(tls);
    service.server.listen(0, '127.0.0.1');
    await once(service.server, 'listening');
    return service;
  }

  get origin(): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser subscription whose endpoint is on this service. */
  subscribe(): BrowserSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `${this.origin}/push/${randomBytes(8).toString('hex')}`;
    const keys = {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    return { ecdh, token: { sub: { endpoint, keys } } };
  }

  answerFor(endpoint: string, status: number, body = ''): void {
    this.answers.set(new URL(endpoint).pathname, { status, body });
  }

  pushesTo(endpoint: string): ReceivedPush[] {
    return this.received.filter((push) => push.path === new URL(endpoint).pathname);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** What the browser's service worker would read: the push decrypted with its private key. */
export function decryptedPush(push: ReceivedPush, browser: BrowserSubscription): unknown {
  const plaintext = decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.token.sub.keys.auth,
  });
  return JSON.parse(plaintext.toString('utf8'));
}

/**
 * The claims of an RFC 8292 `vapid t=<jwt>, k=<key>` header, after checking that `k` is
 * `publicKey` and that the ES256 signature verifies with it; throws otherwise.
 */
export function vapidClaimsOf(
  authorization: string | undefined,
  publicKey: string,
): Record<string, unknown> {
  const [, jwt = '', k] = /^vapid t=([^,]+), k=(\S+)$/.exec(authorization ?? '') ?? [];
  if (k !== publicKey) throw new Error(`VAPID key ${String(k)} is not ${publicKey}`);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const valid = verify(
    'sha256',
    signed,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID JWT signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** One Slack Web API call the peer received. */
export interface SlackCall {
  method: string;
  token: string;
  body: Record<string, unknown>;
}

/**
 * The Slack Web API on loopback HTTP: a workspace with #general and #ops, chat.postMessage
 * answered with a ts, or with the Slack error the test set for a channel.
 */
export class SlackPeer {
  readonly calls: SlackCall[] = [];
  private readonly postErrors = new Map<string, string>();
  private readonly server = createHttpServer((request, response) => {
    void bodyOf(request).then((text) => {
      const json = request.headers['content-type']?.startsWith('application/json');
      const body = json
        ? (JSON.parse(text) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(text));
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const call = { method: (request.url ?? '').replace('/api/', ''), token, body };
      this.calls.push(call);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(this.answer(call)));
    });
  });

  static async start(): Promise<SlackPeer> {
    const peer = new SlackPeer();
    peer.server.listen(0, '127.0.0.1');
    await once(peer.server, 'listening');
    return peer;
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  /** chat.postMessage to `channel` is answered `{ ok: false, error }`. */
  failPostsTo(channel: string, error: string): void {
    this.postErrors.set(channel, error);
  }

  callsWith(token: string): SlackCall[] {
    return this.calls.filter((call) => call.token === token);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer({ method, token, body }: SlackCall): Record<string, unknown> {
    if (!token.startsWith('xoxb-')) return { ok: false, error: 'invalid_auth' };
    switch (method) {
      case 'conversations.list':
        return {
          ok: true,
          channels: [
            { id: 'C0GENERAL1', name: 'general', is_private: false },
            { id: 'G0OPSTEAM1', name: 'ops', is_private: true },
          ],
          response_metadata: { next_cursor: '' },
        };
      case 'chat.postMessage': {
        const channel = String(body['channel']);
        const error = this.postErrors.get(channel);
        if (error) return { ok: false, error };
        return { ok: true, channel, ts: `${Math.floor(Date.now() / 1000)}.000100` };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }
}
