import { ToolCall, ToolDefinition } from '../conversation-model';

/** What a streaming transcription reports. */
export interface TranscriptionListener {
  /** The caller began speaking (voice activity). */
  speechStarted(): void;
  /** The caller finished a turn: everything said in it, final. */
  utterance(text: string): void;
  /** The transcription stopped for good (provider refused, connection broke). */
  failed(error: Error): void;
}

/** Speech-to-text over one streaming connection per call, fed 8 kHz μ-law. */
export interface SpeechToText {
  start(listener: TranscriptionListener): Promise<void>;
  send(audio: Buffer): void;
  close(): Promise<void>;
}

/** Text-to-speech as 8 kHz μ-law chunks, streamed as the provider produces them. */
export interface TextToSpeech {
  /** Ends early (without error) when `signal` aborts; throws when the provider refuses. */
  synthesize(text: string, signal: AbortSignal): AsyncIterable<Buffer>;
}

/** One message of a chat-completions conversation. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A piece of the language model's reply. */
export type ReplyPart = { type: 'text'; text: string } | { type: 'tool_call'; call: ToolCall };

/** A chat language model, streamed. */
export interface LanguageModel {
  /** The reply to `messages`: text deltas as they come, each tool call once complete. */
  reply(
    messages: ChatMessage[],
    tools: ToolDefinition[],
    signal: AbortSignal,
  ): AsyncIterable<ReplyPart>;
}
