import { Logger } from '@nestjs/common';
import { CallEndReason, VoiceAgentSpecDto, VoiceCallTimelineEntryDto } from '@clarion/contracts';
import { RawData, WebSocket } from 'ws';
import { CallRow } from '../calls/call.row';
import { CallsRepository } from '../calls/calls.repository';
import { callEndingOf } from './call-ending';
import { CallTools, ToolOutcome } from './call-tools';
import { CallerInput } from './caller-input';
import { CallerMessage, parseCallerMessage, transcriptFrame } from './media-stream-messages';
import { ConversationListener, ConversationModel, ToolCall } from './models/conversation-model';
import { Playback } from './playback';

type TimelineEntry = Omit<VoiceCallTimelineEntryDto, 'offsetMs'>;

/** How long a last message (farewell, voicemail) may take before the call is ended anyway. */
const FAREWELL_WAIT_MS = 15_000;

/**
 * One call's conversation, between the caller's media websocket and its speech model: audio both
 * ways, the agent's first turn, barge-in, tools, the silence and length limits, and the
 * transcript written to the call's timeline as it happens. Ends once, with the reason on the
 * record, and closes the socket (which ends a Twilio call: nothing follows the <Connect>).
 */
export class CallSession {
  private readonly logger = new Logger(CallSession.name);
  private readonly playback: Playback;
  private readonly spec: VoiceAgentSpecDto;
  private ended = false;
  private ending?: Promise<void>;
  private markEnded!: () => void;
  /** Resolves once the call's end is on the record. */
  readonly whenEnded = new Promise<void>((resolve) => (this.markEnded = resolve));
  private writes = Promise.resolve();
  private silenceTimer?: NodeJS.Timeout;
  private lengthTimer?: NodeJS.Timeout;
  private collecting?: CallerInput;
  private farewellSaid?: () => void;
  private atVoicemail = false;
  /** Set once `start` built it; a call whose model cannot be built ends before it has one. */
  private model?: ConversationModel;

  constructor(
    private readonly socket: WebSocket,
    private readonly call: CallRow,
    streamSid: string,
    private readonly tools: CallTools,
    private readonly calls: CallsRepository,
    private readonly createModel: () => ConversationModel,
  ) {
    this.spec = call.spec;
    this.playback = new Playback(socket, streamSid);
  }

  /** Connects the model and takes the agent's first turn; the session then runs on events. */
  async start(): Promise<void> {
    this.socket.on('message', (data, isBinary) => !isBinary && this.onFrame(data));
    this.socket.on('close', (code) => {
      const reason = code === 1000 || code === 1001 ? 'user_hangup' : 'connection_lost';
      void this.end(reason, `Socket closed (${code})`);
    });
    const maxLengthMs = this.spec.conversation.maxCallLengthSeconds * 1_000;
    const remainingMs = this.call.startedAt.getTime() + maxLengthMs - Date.now();
    this.lengthTimer = setTimeout(
      () => void this.end('max_duration', 'The call reached maxCallLengthSeconds'),
      remainingMs,
    );
    this.record({
      type: 'media.connected',
      detail: this.call.source === 'web' ? 'browser' : 'phone',
    });
    try {
      this.model = this.createModel();
      await this.model.start(this.listener());
    } catch (error) {
      return this.end('provider_error', `The speech model refused: ${messageOf(error)}`);
    }
    this.touch();
    const voicemail = this.call.timeline.find((entry) => entry.type === 'call.voicemail');
    if (voicemail && this.reachedVoicemail(voicemail.detail ?? 'a machine')) return;
    const firstTurn =
      this.call.direction === 'outbound'
        ? { speak: this.spec.outbound.firstAction === 'speak', text: this.spec.outbound.opener }
        : { speak: this.spec.inbound.firstAction === 'speak', text: this.spec.inbound.greeting };
    if (firstTurn.speak && !this.ended) this.model?.say(firstTurn.text);
  }

  /**
   * Ends the call once, with the first reason given; every caller waits for that ending to be
   * on the record (a service stopping waits for calls ending on their own, too).
   */
  end(reason: CallEndReason, detail: string): Promise<void> {
    this.ending ??= this.finish(reason, detail);
    return this.ending;
  }

  private async finish(reason: CallEndReason, detail: string): Promise<void> {
    this.ended = true;
    const now = new Date();
    clearTimeout(this.silenceTimer);
    clearTimeout(this.lengthTimer);
    this.collecting?.cancel();
    const entry = {
      offsetMs: this.offsetMs(now),
      type: 'call.ended',
      detail: `${reason}: ${detail}`,
    };
    this.writes = this.writes.then(() =>
      this.calls.progress(this.call.trackingId, [entry], callEndingOf(reason, detail, now)),
    );
    await Promise.all([
      this.model
        ?.close()
        .catch((error: unknown) => this.logger.warn(`Model close: ${messageOf(error)}`)),
      this.writes.catch((error: unknown) =>
        this.logger.error(`Call ${this.call.trackingId} end not recorded: ${messageOf(error)}`),
      ),
    ]);
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000, reason);
    this.markEnded();
  }

  private onFrame(data: RawData): void {
    const message = parseCallerMessage(data.toString());
    if (message) this.onMessage(message);
  }

  private onMessage(message: CallerMessage): void {
    switch (message.event) {
      case 'media':
        return this.model?.hearCaller(message.audio);
      case 'mark':
        return this.playback.reached(message.name);
      case 'dtmf':
        this.touch();
        return this.collecting?.digit(message.digit);
      case 'text':
        this.touch();
        this.heard(message.text);
        return this.collecting ? undefined : this.model?.hearText(message.text);
      case 'stop':
        return void this.end('user_hangup', 'The caller hung up');
      case 'connected':
      case 'start':
        return;
    }
  }

  private listener(): ConversationListener {
    return {
      agentAudio: (audio) => {
        this.touch();
        this.playback.play(audio);
      },
      agentSaid: (text, latencyMs) => {
        this.record({
          type: 'agent',
          text,
          ...(latencyMs !== undefined && { latency: { responseMs: Math.round(latencyMs) } }),
        });
        this.sendTranscript('agent', text);
        this.farewellSaid?.();
      },
      userSaid: (text) => {
        this.touch();
        this.heard(text);
      },
      userStartedSpeaking: () => {
        this.touch();
        this.playback.clear();
      },
      toolCalled: (call) => void this.runTool(call),
      failed: (error) =>
        void this.end('provider_error', `The speech model failed: ${error.message}`),
    };
  }

  /** A caller turn: on the record, and the answer to a collect_input waiting for speech. */
  private heard(text: string): void {
    this.record({ type: 'user', text });
    this.sendTranscript('user', text);
    this.collecting?.speech(text);
  }

  private async runTool(call: ToolCall): Promise<void> {
    const outcome = await this.tools.run(call);
    const entry: TimelineEntry = { type: 'tool.call', toolName: call.name, toolArgs: call.args };
    if (this.ended) return;
    switch (outcome.kind) {
      case 'result':
        this.record({ ...entry, toolResult: outcome.result });
        return this.model?.toolResult(call.callId, outcome.result);
      case 'end':
        this.record({ ...entry, toolResult: 'Ending the call' });
        return this.speakThenEnd(outcome.farewell, 'agent_end_call', 'The agent ended the call');
      case 'transferred':
        this.record({ ...entry, toolResult: outcome.detail });
        return this.end('transferred', outcome.detail);
      case 'collect':
        return this.collect(call, outcome, entry);
    }
  }

  private collect(
    call: ToolCall,
    outcome: Extract<ToolOutcome, { kind: 'collect' }>,
    entry: TimelineEntry,
  ): void {
    this.collecting?.cancel();
    this.collecting = new CallerInput(outcome.inputType, outcome.maxDigits, (result) => {
      this.collecting = undefined;
      this.record({ ...entry, toolResult: result });
      if (!this.ended) this.model?.toolResult(call.callId, result);
    });
    this.model?.say(outcome.prompt);
  }

  /**
   * An answering machine took the outbound call: the agent hangs up, leaves its voicemail
   * message, or (continue) talks on. True when the call goes no further.
   */
  reachedVoicemail(answeredBy: string): boolean {
    if (this.ended || this.atVoicemail || this.call.direction !== 'outbound') return false;
    this.atVoicemail = true;
    const { voicemailAction, voicemailMessage } = this.spec.outbound;
    switch (voicemailAction) {
      case 'hangup':
        void this.end('voicemail', `Reached voicemail (${answeredBy}); the agent hung up`);
        return true;
      case 'message':
        this.playback.clear();
        void this.speakThenEnd(voicemailMessage, 'voicemail', `Left a message (${answeredBy})`);
        return true;
      case 'continue':
        return false;
    }
  }

  /** Says `text` (when there is one), waits until it has played, and ends the call. */
  private async speakThenEnd(
    text: string | undefined,
    reason: CallEndReason,
    detail: string,
  ): Promise<void> {
    if (text) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FAREWELL_WAIT_MS);
        this.farewellSaid = () => {
          clearTimeout(timer);
          resolve();
        };
        this.model?.say(text);
      });
    }
    await this.playback.playedOut();
    await this.end(reason, detail);
  }

  /**
   * Caller or agent activity: the silence timeout starts over. It runs for every chunk of agent
   * audio, so the one timer is re-armed rather than replaced.
   */
  private touch(): void {
    if (this.ended) return;
    if (this.silenceTimer) {
      this.silenceTimer.refresh();
      return;
    }
    const seconds = this.spec.conversation.silenceTimeoutSeconds;
    this.silenceTimer = setTimeout(
      () => void this.end('silence_timeout', `No one spoke for ${seconds} s`),
      seconds * 1_000,
    );
  }

  /** Appends to the timeline in order, without holding up the audio. */
  private record(entry: TimelineEntry): void {
    if (this.ended) return;
    const timed = { offsetMs: this.offsetMs(new Date()), ...entry };
    this.writes = this.writes
      .then(() => this.calls.progress(this.call.trackingId, [timed]))
      .catch((error: unknown) =>
        this.logger.error(`Call ${this.call.trackingId}: ${messageOf(error)}`),
      );
  }

  private sendTranscript(role: 'agent' | 'user', text: string): void {
    if (this.call.source === 'web' && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(transcriptFrame(role, text));
    }
  }

  private offsetMs(at: Date): number {
    return Math.max(0, at.getTime() - this.call.startedAt.getTime());
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
