import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  BeforeApplicationShutdown,
} from '@nestjs/common';
import { Broadcasts, VoicemailReached } from '@clarion/contracts';
import { OnBroadcast } from '@clarion/messaging';
import { OutboundGuard } from '@clarion/outbound';
import { WebSocket, WebSocketServer } from 'ws';
import { CallRow } from '../calls/call.row';
import { CallsRepository } from '../calls/calls.repository';
import { VOICE_PROVIDER, VoiceProvider } from '../telephony/voice-provider';
import { VoiceEnv } from '../voice.env';
import { VoiceSettings } from '../voice.settings';
import { CallSession } from './call-session';
import { conversationSetupOf } from './conversation-setup';
import { CallTexts } from './call-texts';
import { CallTools, ToolCallContext } from './call-tools';
import { isMediaTokenOf } from './media-token';
import { CallerMessage, parseCallerMessage } from './media-stream-messages';
import { SpeechModels } from './models/speech-models';

const MEDIA_PATH = /^\/voice\/media\/([0-9a-f-]{36})$/i;
const START_TIMEOUT_MS = 10_000;
/** Close codes: 1008 policy (bad token, no start), 4404 no such active call. */
const POLICY_VIOLATION = 1008;
const NO_ACTIVE_CALL = 4404;

type StartMessage = Extract<CallerMessage, { event: 'start' }>;

/**
 * Serves `/voice/media/{trackingId}` websockets on VOICE_MEDIA_PORT (the gateway forwards its
 * public path here): checks the call's token, takes the call's media once, and runs a
 * CallSession for it. Stopping ends every session with `server_shutdown`.
 */
@Injectable()
export class MediaServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MediaServer.name);
  private readonly server: Server = createServer((_request, response) =>
    response.writeHead(426, { 'Content-Type': 'text/plain' }).end('Upgrade to a websocket'),
  );
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly sessions = new Map<string, CallSession>();

  constructor(
    private readonly env: VoiceEnv,
    private readonly settings: VoiceSettings,
    private readonly calls: CallsRepository,
    private readonly models: SpeechModels,
    private readonly guard: OutboundGuard,
    private readonly texts: CallTexts,
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
  ) {}

  /** The port it listens on (VOICE_MEDIA_PORT, or the one picked for 0). */
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.server.on('upgrade', (request, socket, head) => this.upgrade(request, socket, head));
    await new Promise<void>((resolve) => this.server.listen(this.env.VOICE_MEDIA_PORT, resolve));
    this.logger.debug(`Media websockets on :${this.port}`);
  }

  /** Before the database closes (onApplicationShutdown): each call's end is recorded. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(
      [...this.sessions.values()].map((session) =>
        session.end('server_shutdown', 'The voice service stopped'),
      ),
    );
    for (const client of this.sockets.clients) client.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** An inbound phone call is recorded once it is connected (outbound ones from when placed). */
  private async record(call: CallRow): Promise<void> {
    const offsetMs = () => Math.max(0, Date.now() - call.startedAt.getTime());
    try {
      await this.provider.startRecording(call.callControlId);
      await this.calls.progress(call.trackingId, [
        { offsetMs: offsetMs(), type: 'recording.started' },
      ]);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      await this.calls
        .progress(call.trackingId, [{ offsetMs: offsetMs(), type: 'recording.failed', detail }])
        .catch(() => this.logger.warn(`Call ${call.trackingId}: recording failed: ${detail}`));
    }
  }

  /** A machine answered a call; the replica carrying its media acts, the others ignore it. */
  @OnBroadcast(Broadcasts.voicemailReached)
  voicemailReached(notice: VoicemailReached): void {
    this.sessions.get(notice.trackingId)?.reachedVoicemail(notice.answeredBy);
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://media');
    const trackingId = MEDIA_PATH.exec(url.pathname)?.[1];
    if (!trackingId) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.sockets.handleUpgrade(request, socket, head, (client) => {
      this.accept(client, trackingId, url.searchParams.get('token')).catch((error: unknown) => {
        this.logger.error(`Media for ${trackingId}: ${String(error)}`);
        client.close(1011, 'Internal error');
      });
    });
  }

  /** Waits for the stream's `start`, checks the token, takes the call and starts its session. */
  private async accept(
    client: WebSocket,
    trackingId: string,
    queryToken: string | null,
  ): Promise<void> {
    const start = await firstStartOf(client);
    if (!start) return client.close(POLICY_VIOLATION, 'Expected a start message');
    const token = queryToken ?? start.token;
    if (!token || !isMediaTokenOf(trackingId, token, this.settings.mediaSecret)) {
      return client.close(POLICY_VIOLATION, 'Invalid media token');
    }
    const call = await this.calls.attachMedia(trackingId);
    if (!call) return client.close(NO_ACTIVE_CALL, 'No active call takes media here');
    const context = toolContextOf(call);
    const tools = new CallTools(call.spec, context, this.provider, this.texts, this.guard.fetch);
    const setup = conversationSetupOf(call.spec, tools.definitions());
    const session = new CallSession(client, call, start.streamSid, tools, this.calls, () =>
      this.models.create(call.spec.model, setup),
    );
    this.sessions.set(trackingId, session);
    void session.whenEnded.then(() => this.sessions.delete(trackingId));
    if (client.readyState !== WebSocket.OPEN) {
      return session.end('connection_lost', 'The socket closed while the call was being taken');
    }
    if (
      call.direction === 'inbound' &&
      call.source === 'pstn' &&
      call.spec.compliance.recordingEnabled
    ) {
      void this.record(call);
    }
    await session.start();
  }
}

function toolContextOf(call: CallRow): ToolCallContext {
  const outbound = call.direction === 'outbound';
  return {
    accountId: call.accountId,
    trackingId: call.trackingId,
    source: call.source,
    callControlId: call.callControlId,
    ourNumber: outbound ? call.from : call.to,
    theirNumber: outbound ? call.to : call.from,
  };
}

/** The stream's `start` message (Twilio sends `connected` first), or undefined after a while. */
function firstStartOf(client: WebSocket): Promise<StartMessage | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(undefined), START_TIMEOUT_MS);
    const onMessage = (data: Buffer) => {
      const message = parseCallerMessage(data.toString());
      if (message?.event === 'start') finish(message);
    };
    const finish = (start: StartMessage | undefined) => {
      clearTimeout(timer);
      client.off('message', onMessage);
      client.off('close', onClose);
      resolve(start);
    };
    const onClose = () => finish(undefined);
    client.on('message', onMessage);
    client.once('close', onClose);
  });
}
