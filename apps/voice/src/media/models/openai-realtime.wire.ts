import { IncomingMessage } from 'node:http';
import { RawData } from 'ws';
import { ConversationSetup, ToolCall } from './conversation-model';

/** The OpenAI Realtime wire format: URLs, the session configuration and reading server events. */

/** An event on the wire; of a server event only `type` is trusted, the rest is read defensively. */
export type WireEvent = { type: string } & Record<string, unknown>;

const TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';

/** https://api.openai.com/v1 → wss://api.openai.com/v1/realtime?model=… */
export function realtimeUrl(baseUrl: string, model: string): string {
  const url = new URL(`${baseUrl}/realtime`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('model', model);
  return url.toString();
}

/** The session.update body; fields the setup leaves out are undefined and so not sent. */
export function sessionConfig(setup: ConversationSetup): Record<string, unknown> {
  const language = /^([a-z]{2})(?:-|$)/i.exec(setup.language ?? '')?.[1]?.toLowerCase();
  return {
    type: 'realtime',
    instructions: setup.instructions,
    output_modalities: ['audio'],
    audio: {
      input: {
        format: { type: 'audio/pcmu' },
        transcription: { model: TRANSCRIPTION_MODEL, language },
        turn_detection: turnDetection(setup),
      },
      output: { format: { type: 'audio/pcmu' }, voice: setup.voiceId, speed: setup.speechSpeed },
    },
    tools: setup.tools.map(({ name, description, parameters }) => ({
      type: 'function',
      name,
      description,
      parameters,
    })),
    tool_choice: 'auto',
    max_output_tokens: setup.maxTokens,
  };
}

function turnDetection(setup: ConversationSetup): Record<string, unknown> {
  const interrupt_response = setup.allowInterruptions;
  switch (setup.turnDetection) {
    case 'semantic':
      return { type: 'semantic_vad', interrupt_response, create_response: true };
    case 'vad':
      return {
        type: 'server_vad',
        silence_duration_ms: setup.minEndOfTurnSilenceMs,
        interrupt_response,
        create_response: true,
      };
  }
}

export function toolCall(event: WireEvent): ToolCall {
  let args: unknown;
  try {
    args = JSON.parse(stringAt(event, 'arguments') ?? '');
  } catch {
    args = undefined;
  }
  return {
    callId: stringAt(event, 'call_id') ?? '',
    name: stringAt(event, 'name') ?? '',
    args: isObject(args) && !Array.isArray(args) ? args : {},
  };
}

export function parseEvent(data: RawData): WireEvent | undefined {
  // With ws's default binaryType a frame is one Buffer; the other shapes only satisfy the type.
  if (!Buffer.isBuffer(data)) return undefined;
  try {
    const event: unknown = JSON.parse(data.toString());
    return isObject(event) && typeof event['type'] === 'string' ? (event as WireEvent) : undefined;
  } catch {
    return undefined;
  }
}

export function errorText(event: WireEvent): string {
  const error = event['error'];
  const message = stringAt(error, 'message') ?? 'unknown error';
  const code = stringAt(error, 'code');
  return code ? `${message} (${code})` : message;
}

/** The start of a refusal's body, enough to say why (a wrong key, an unknown model). */
export function bodySnippet(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => resolve(Buffer.concat(chunks).toString().replace(/\s+/g, ' ').slice(0, 300));
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function stringAt(value: unknown, key: string): string | undefined {
  const field = isObject(value) ? value[key] : undefined;
  return typeof field === 'string' ? field : undefined;
}
