/**
 * The speech side of a call, whatever runs it: one speech-to-speech model (realtime) or
 * speech-to-text, a language model and text-to-speech (chained). All audio is 8 kHz mono
 * G.711 μ-law, the format of Twilio media streams and of the browser playground, so it passes
 * through untouched.
 */

/** A tool the model may call: name, description and JSON-schema parameters. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The model asks for a tool; the session answers with `toolResult(callId, …)`. */
export interface ToolCall {
  callId: string;
  name: string;
  args: Record<string, unknown>;
}

/** What the model tells the call session, as it happens. */
export interface ConversationListener {
  /** Agent speech to play, in order (any chunk size). */
  agentAudio(audio: Buffer): void;
  /**
   * The agent's turn is over: `text` is what it said (up to the interruption, when the caller
   * interrupted); `latencyMs` is from the end of the caller's turn to the first audio of this
   * one, when the turn answered the caller.
   */
  agentSaid(text: string, latencyMs?: number): void;
  /** The caller's finished utterance, transcribed. */
  userSaid(text: string): void;
  /** The caller began speaking: the session drops agent audio not yet played (barge-in). */
  userStartedSpeaking(): void;
  toolCalled(call: ToolCall): void;
  /** The model cannot go on (the provider refused, the connection broke). Nothing follows. */
  failed(error: Error): void;
}

/** How the model is set up for one call, from the call's resolved spec (2.10). */
export interface ConversationSetup {
  /** The agent's instructions, {{variables}} filled in. */
  instructions: string;
  tools: ToolDefinition[];
  /** BCP 47, e.g. en-US. */
  language?: string;
  temperature?: number;
  maxTokens?: number;
  /** Provider-native voice id. */
  voiceId: string;
  /** 0.5–2, 1 is normal speed. */
  speechSpeed?: number;
  turnDetection: 'semantic' | 'vad';
  minEndOfTurnSilenceMs: number;
  /** When false, the caller speaking does not cut the agent off. */
  allowInterruptions: boolean;
}

export interface ConversationModel {
  /** Connects to the provider(s) and sets the model up; rejects when they refuse. */
  start(listener: ConversationListener): Promise<void>;
  /** Caller audio as it arrives (Twilio sends 20 ms frames of 160 bytes). */
  hearCaller(audio: Buffer): void;
  /** Speaks exactly `text` as an agent turn (greeting, opener, voicemail, farewell). */
  say(text: string): void;
  /** Lets the agent take the first turn on its own (after the caller spoke first, or never). */
  respond(): void;
  /** A typed caller utterance (browser playground): a finished caller turn to answer. */
  hearText(text: string): void;
  /** The result of `toolCalled`; the model goes on with it. */
  toolResult(callId: string, result: string): void;
  /** Hangs up on the provider(s); no listener call follows. */
  close(): Promise<void>;
}

/** A speech provider's API: its origin (no trailing slash: SpeechModels.of trims it) and key. */
export interface SpeechProviderAccount {
  apiKey: string;
  baseUrl: string;
}

/** Where the speech providers are and the keys to them (VoiceEnv). */
export interface SpeechProviderConfig {
  openai?: SpeechProviderAccount;
  deepgram?: SpeechProviderAccount;
  elevenlabs?: SpeechProviderAccount;
}
