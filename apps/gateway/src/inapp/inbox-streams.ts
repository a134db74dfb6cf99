import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import {
  InboxChange,
  inboxChangesSubject,
  Requests,
  ServiceUnavailableError,
} from '@clarion/contracts';
import { ConnectionState, MessagingClient } from '@clarion/messaging';
import { observeInappStreams } from '@clarion/observability';
import { EndUser } from '../auth/authenticated-request';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { InboxStream } from './inbox-stream';
import { StreamOrigin, StreamShares, streamShareLimitsOf } from './stream-shares';

/** Entries a resuming stream replays at most; with more missed, the client refetches its list. */
export const MAX_REPLAY = 500;
/** How far before a client's cursor a resume starts (see replay). */
const REPLAY_OVERLAP_MICROS = 2_000_000n;
/** How often an open stream is pinged. */
const PING_INTERVAL_MS = 25_000;
/** How long a drain waits for the streams' last frames to leave. */
const DRAIN_WAIT_MS = 2_000;

/**
 * The in-app streams this gateway replica holds, by end user. A replica listens to the inbox
 * changes of each user it holds a stream of (one core-NATS subject per user, see
 * inboxChangesSubject) and writes them to those streams, so a change reaches the user whichever
 * replica holds the connection, and changes of users without a stream never reach a gateway.
 */
@Injectable()
export class InboxStreams implements OnModuleDestroy {
  private readonly logger = new Logger(InboxStreams.name);
  private readonly byUser = new Map<string, InboxStream[]>();
  /** The subscription to each user's changes, while this replica holds a stream of the user. */
  private readonly listening = new Map<string, { unsubscribe(): void }>();
  private readonly unreadAsked = new Set<string>();
  private readonly unreadAskAgain = new Set<string>();
  private readonly pinger: NodeJS.Timeout;
  private readonly shares: StreamShares;
  /** Where each open stream came from, to give its share back when it closes. */
  private readonly origins = new WeakMap<InboxStream, StreamOrigin>();
  private size = 0;
  private draining = false;
  /** Resolves a drain once the last stream closed. */
  private onEmpty?: () => void;

  constructor(
    private readonly messaging: MessagingClient,
    connection: ConnectionState,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    // Broadcasts sent while the bus was away are lost: the clients resume and replay them.
    connection.onDrop(() => this.askAllToReconnect());
    this.pinger = setInterval(
      () => this.all().forEach((stream) => stream.ping()),
      PING_INTERVAL_MS,
    );
    this.pinger.unref();
    observeInappStreams(() => this.size);
    this.shares = new StreamShares(streamShareLimitsOf(env));
  }

  /**
   * Refuses a new stream of `user` from the client `address`: while draining or at STREAMS_MAX
   * 503 (another replica may take it), when its environment's or address's share is full 429.
   */
  admit(user: EndUser, address: string): void {
    if (this.draining || this.size >= this.env.STREAMS_MAX) {
      throw new ServiceUnavailableError(
        'This gateway holds as many in-app streams as it may',
        5,
        'Reconnect after the seconds of Retry-After; another replica may take it.',
      );
    }
    const replacing = (this.byUser.get(userKey(user))?.length ?? 0) >= this.env.STREAMS_PER_USER;
    this.shares.admit({ envId: user.envId, address }, replacing);
  }

  /**
   * Opens a stream on `response`: replays what changed after `since` (a cursor), then `ready`,
   * then live changes until the client leaves, the lifetime ends or the gateway drains.
   */
  async open(
    user: EndUser,
    address: string,
    response: ServerResponse,
    since: string | undefined,
  ): Promise<void> {
    this.admit(user, address);
    const stream = new InboxStream(user, response);
    this.add(stream, { envId: user.envId, address });
    const lifetime = setTimeout(() => stream.askToReconnect(), this.env.STREAM_MAX_LIFETIME_MS);
    lifetime.unref();
    response.on('close', () => {
      clearTimeout(lifetime);
      stream.close();
      this.remove(stream);
    });
    stream.open();
    try {
      if (since !== undefined) await this.replay(stream, since);
      const unread = await this.messaging.request(Requests.countUnread, user);
      if (stream.ready(unread)) this.refreshUnread(user);
    } catch (error) {
      this.logger.warn(`in-app stream not resumed: ${String(error)}`);
      stream.askToReconnect();
    }
  }

  /** An inbox changed: its user's streams on this replica hear it. */
  private onInboxChange(change: InboxChange): void {
    const streams = this.byUser.get(userKey(change));
    if (!streams) return;
    streams.forEach((stream) => stream.deliver(change));
    if (change.unread === undefined) this.refreshUnread(change);
  }

  /**
   * The first step of a stop, before the HTTP server closes: every stream is asked to reconnect
   * (to another replica) and closed, so none holds the shutdown up.
   */
  async drain(): Promise<void> {
    this.draining = true;
    const streams = this.all();
    if (streams.length === 0) return;
    this.logger.log(`draining ${streams.length} in-app streams`);
    const emptied = new Promise<void>((resolve) => (this.onEmpty = resolve));
    this.askAllToReconnect();
    await Promise.race([emptied, delay(DRAIN_WAIT_MS, undefined, { ref: false })]);
  }

  onModuleDestroy(): void {
    clearInterval(this.pinger);
    this.askAllToReconnect();
  }

  /**
   * Sends what changed since the client's cursor, from a little before it: a cursor is the time of
   * a write, and a write can commit (and be heard) a moment after a newer one, so a client that left
   * in that moment would otherwise never get it. What it already has comes again under the same id
   * and cursor, and the client replaces its copy.
   */
  private async replay(stream: InboxStream, since: string): Promise<void> {
    const from = BigInt(since) - REPLAY_OVERLAP_MICROS;
    const entries = await this.messaging.request(Requests.inboxChangesSince, {
      ...stream.user,
      since: String(from > 0n ? from : 0n),
      limit: MAX_REPLAY + 1,
    });
    const reset = entries.length > MAX_REPLAY;
    stream.replay(reset ? entries.slice(entries.length - MAX_REPLAY) : entries, reset);
  }

  /**
   * A new entry changes the unread count, which only notifications knows: asked once per user
   * however many of their changes come meanwhile, and once more after the last of them.
   */
  private refreshUnread(user: EndUser): void {
    const key = userKey(user);
    if (this.unreadAsked.has(key)) {
      this.unreadAskAgain.add(key);
      return;
    }
    this.unreadAsked.add(key);
    const tenantUser = { accountId: user.accountId, envId: user.envId, userId: user.userId };
    this.messaging
      .request(Requests.countUnread, tenantUser)
      .then((unread) => this.byUser.get(key)?.forEach((stream) => stream.unread(unread)))
      .catch((error: unknown) => this.logger.warn(`unread count not refreshed: ${String(error)}`))
      .finally(() => {
        this.unreadAsked.delete(key);
        if (this.unreadAskAgain.delete(key)) this.refreshUnread(tenantUser);
      });
  }

  private add(stream: InboxStream, origin: StreamOrigin): void {
    const key = userKey(stream.user);
    const streams = this.byUser.get(key) ?? [];
    if (streams.length === 0) {
      // Subscribed before the stream's count request, which follows on the same connection: every
      // change after `ready` is heard.
      const subject = inboxChangesSubject(stream.user.envId, stream.user.userId);
      this.listening.set(
        key,
        this.messaging.listenOn<InboxChange>(subject, (change) => this.onInboxChange(change)),
      );
    }
    streams.push(stream);
    this.byUser.set(key, streams);
    this.size += 1;
    this.origins.set(stream, origin);
    this.shares.take(origin);
    // The oldest of a user's streams makes way (a user reloading tabs must not lock themself out).
    const excess = Math.max(0, streams.length - this.env.STREAMS_PER_USER);
    for (const oldest of streams.slice(0, excess)) {
      oldest.askToReconnect();
      this.remove(oldest);
    }
  }

  private remove(stream: InboxStream): void {
    const key = userKey(stream.user);
    const streams = this.byUser.get(key);
    const index = streams?.indexOf(stream) ?? -1;
    if (!streams || index < 0) return;
    streams.splice(index, 1);
    this.size -= 1;
    const origin = this.origins.get(stream);
    if (origin) this.shares.release(origin);
    if (streams.length === 0) {
      this.byUser.delete(key);
      this.listening.get(key)?.unsubscribe();
      this.listening.delete(key);
    }
    if (this.size === 0) this.onEmpty?.();
  }

  private askAllToReconnect(): void {
    this.all().forEach((stream) => stream.askToReconnect());
  }

  private all(): InboxStream[] {
    return [...this.byUser.values()].flat();
  }
}

function userKey(user: { envId: string; userId: string }): string {
  return `${user.envId}\u0000${user.userId}`;
}
