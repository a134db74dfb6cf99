import {
  ConversationListener,
  ConversationModel,
  ConversationSetup,
  ToolCall,
} from '../conversation-model';
import { SentenceSplitter } from './sentence-splitter';
import { ChatMessage, LanguageModel, SpeechToText, TextToSpeech } from './speech-parts';

/** One agent turn in flight: what a barge-in aborts and reports. */
interface Turn {
  readonly controller: AbortController;
  /** When the caller's turn ended, when this turn answers it: the start of its latency. */
  readonly heardAt?: number;
  latencyMs?: number;
  /** The sentences whose audio went out, in order: what the caller heard when interrupted. */
  readonly spoken: string[];
  interrupted: boolean;
  /** The first text-to-speech failure; it ends the turn. */
  ttsError?: Error;
}

/**
 * A conversation made of three parts: speech-to-text hears the caller, a language model writes
 * the reply and text-to-speech speaks it. The reply is spoken sentence by sentence while the
 * model is still writing, so the caller hears the agent as early as possible. Turns run one at a
 * time, in order; the caller speaking cuts the agent off when the agent allows interruptions.
 */
export class ChainedConversationModel implements ConversationModel {
  private readonly history: ChatMessage[];
  private listener?: ConversationListener;
  /** Closed or failed: nothing more is told. */
  private ended = false;
  private turn?: Turn;
  private turns: Promise<void> = Promise.resolve();
  /** Tool calls of the last reply, by callId, with their results once known. */
  private readonly pendingCalls = new Map<string, string | undefined>();

  constructor(
    private readonly parts: { stt: SpeechToText; llm: LanguageModel; tts: TextToSpeech },
    private readonly setup: ConversationSetup,
  ) {
    this.history = [{ role: 'system', content: setup.instructions }];
  }

  async start(listener: ConversationListener): Promise<void> {
    this.listener = listener;
    await this.parts.stt.start({
      speechStarted: () => this.callerStartedSpeaking(),
      utterance: (text) => this.callerSaid(text, { transcribed: true }),
      failed: (error) => this.fail(error),
    });
  }

  hearCaller(audio: Buffer): void {
    if (!this.ended) this.parts.stt.send(audio);
  }

  say(text: string): void {
    this.enqueue(() =>
      this.runTurn(undefined, async (turn) => {
        await this.speak(text, turn);
        return { text, toolCalls: [] };
      }),
    );
  }

  respond(): void {
    this.enqueue(() => this.reply(undefined));
  }

  /** The session records typed text itself, so it is not told back with `userSaid`. */
  hearText(text: string): void {
    this.callerSaid(text, { transcribed: false });
  }

  toolResult(callId: string, result: string): void {
    if (!this.pendingCalls.has(callId) || this.pendingCalls.get(callId) !== undefined) return;
    this.pendingCalls.set(callId, result);
    if ([...this.pendingCalls.values()].includes(undefined)) return;
    const results = [...this.pendingCalls];
    this.pendingCalls.clear();
    this.enqueue(async () => {
      for (const [toolCallId, content = ''] of results) {
        this.history.push({ role: 'tool', toolCallId, content });
      }
      await this.reply(undefined);
    });
  }

  async close(): Promise<void> {
    this.ended = true;
    this.turn?.controller.abort();
    await this.parts.stt.close();
  }

  private callerSaid(text: string, { transcribed }: { transcribed: boolean }): void {
    const heardAt = Date.now();
    const said = text.trim();
    if (!said || this.ended) return;
    if (transcribed) this.tell((listener) => listener.userSaid(said));
    this.enqueue(async () => {
      this.history.push({ role: 'user', content: said });
      await this.reply(heardAt);
    });
  }

  /**
   * Barge-in. Called on every start of caller speech, not only while a turn is being produced:
   * the agent's audio may still be playing after the model is done with it.
   */
  private callerStartedSpeaking(): void {
    if (this.ended || !this.setup.allowInterruptions) return;
    const turn = this.turn;
    const interrupting = turn !== undefined && !turn.interrupted;
    if (interrupting) {
      turn.interrupted = true;
      turn.controller.abort();
    }
    this.tell((listener) => listener.userStartedSpeaking());
    const heard = interrupting ? turn.spoken.join(' ') : '';
    if (interrupting && heard) this.tellAgentSaid(heard, turn.latencyMs);
  }

  /** Turns run one after the other; after the end nothing runs any more. */
  private enqueue(run: () => Promise<void>): void {
    this.turns = this.turns.then(async () => {
      if (this.ended) return;
      try {
        await run();
      } catch (error) {
        this.fail(toError(error));
      }
    });
  }

  private reply(heardAt: number | undefined): Promise<void> {
    return this.runTurn(heardAt, (turn) => this.speakReply(turn));
  }

  private async runTurn(
    heardAt: number | undefined,
    produce: (turn: Turn) => Promise<{ text: string; toolCalls: ToolCall[] }>,
  ): Promise<void> {
    const turn: Turn = {
      controller: new AbortController(),
      heardAt,
      spoken: [],
      interrupted: false,
    };
    this.turn = turn;
    try {
      const { text, toolCalls } = await produce(turn);
      if (turn.ttsError) throw turn.ttsError;
      if (this.ended) return;
      const said = turn.interrupted ? turn.spoken.join(' ') : text;
      if (said || toolCalls.length > 0) {
        const calls = toolCalls.length > 0 ? { toolCalls } : {};
        this.history.push({ role: 'assistant', content: said || null, ...calls });
      }
      if (said && !turn.interrupted) this.tellAgentSaid(said, turn.latencyMs);
    } finally {
      this.turn = undefined;
    }
  }

  /** Streams the language model's reply into text-to-speech, sentence by sentence, in order. */
  private async speakReply(turn: Turn): Promise<{ text: string; toolCalls: ToolCall[] }> {
    const { signal } = turn.controller;
    const splitter = new SentenceSplitter();
    let speaking = Promise.resolve();
    const speakAll = (sentences: string[]) => {
      for (const sentence of sentences) speaking = speaking.then(() => this.speak(sentence, turn));
    };
    let text = '';
    const toolCalls: ToolCall[] = [];
    try {
      for await (const part of this.parts.llm.reply([...this.history], this.setup.tools, signal)) {
        if (part.type === 'tool_call') toolCalls.push(part.call);
        else {
          text += part.text;
          speakAll(splitter.push(part.text));
        }
      }
    } catch (error) {
      // An abort (barge-in, close, text-to-speech failure) ends the reply, however it ends.
      if (!signal.aborted) {
        turn.controller.abort();
        await speaking;
        throw error;
      }
    }
    speakAll(splitter.flush());
    if (signal.aborted) toolCalls.length = 0;
    this.callTools(toolCalls);
    await speaking;
    return { text: text.trim(), toolCalls };
  }

  /** Never rejects: a failure is kept on the turn and aborts it. */
  private async speak(text: string, turn: Turn): Promise<void> {
    const { signal } = turn.controller;
    if (signal.aborted || !text) return;
    try {
      let heard = false;
      for await (const audio of this.parts.tts.synthesize(text, signal)) {
        if (signal.aborted) return;
        if (!heard) turn.spoken.push(text);
        heard = true;
        if (turn.heardAt !== undefined) turn.latencyMs ??= Date.now() - turn.heardAt;
        this.tell((listener) => listener.agentAudio(audio));
      }
    } catch (error) {
      if (signal.aborted) return;
      turn.ttsError = toError(error);
      turn.controller.abort();
    }
  }

  /** Results may come back at once, from inside `toolCalled`: every call is pending first. */
  private callTools(calls: ToolCall[]): void {
    for (const call of calls) this.pendingCalls.set(call.callId, undefined);
    for (const call of calls) this.tell((listener) => listener.toolCalled(call));
  }

  private fail(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.turn?.controller.abort();
    this.listener?.failed(error);
  }

  private tellAgentSaid(text: string, latencyMs: number | undefined): void {
    this.tell((listener) =>
      latencyMs === undefined ? listener.agentSaid(text) : listener.agentSaid(text, latencyMs),
    );
  }

  private tell(call: (listener: ConversationListener) => void): void {
    if (!this.ended && this.listener) call(this.listener);
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
