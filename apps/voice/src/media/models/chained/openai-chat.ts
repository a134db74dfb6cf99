import { SpeechProviderAccount, ToolCall, ToolDefinition } from '../conversation-model';
import { ChatMessage, LanguageModel, ReplyPart } from './speech-parts';

/** Until the response headers; the stream itself may last as long as the reply takes. */
const HEADERS_TIMEOUT_MS = 30_000;

/** One streamed `chat.completion.chunk`, as far as it is read here. */
interface CompletionChunk {
  choices?: Array<{ delta?: { content?: string | null; tool_calls?: ToolCallDelta[] } }>;
}

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

/** A tool call while its pieces arrive. */
interface ToolCallInProgress {
  id: string;
  name: string;
  arguments: string;
}

/**
 * The language model of a chained conversation: OpenAI's Chat Completions API (or any server
 * that speaks it) streamed over server-sent events, so the first sentence can be spoken before
 * the reply is finished. Tool calls are yielded once complete, after the text.
 */
export class OpenAiChatModel implements LanguageModel {
  constructor(
    private readonly config: SpeechProviderAccount,
    private readonly options: { model: string; temperature: number; maxTokens: number },
  ) {}

  /** Ends quietly when `signal` aborts; throws when the server refuses or breaks off. */
  async *reply(
    messages: ChatMessage[],
    tools: ToolDefinition[],
    signal: AbortSignal,
  ): AsyncIterable<ReplyPart> {
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal.addEventListener('abort', abort, { once: true });
    try {
      const response = await this.post(messages, tools, signal, controller);
      if (!response?.body) return;
      const calls = new Map<number, ToolCallInProgress>();
      try {
        for await (const data of serverSentData(response.body)) {
          if (data === '[DONE]') break;
          const delta = (parseJson(data) as CompletionChunk | undefined)?.choices?.[0]?.delta;
          if (delta?.content) yield { type: 'text', text: delta.content };
          for (const piece of delta?.tool_calls ?? []) addToolCallPiece(calls, piece);
        }
      } catch (error) {
        if (signal.aborted) return;
        throw new Error(`OpenAI chat completions broke off: ${String(error)}`);
      }
      if (signal.aborted) return;
      for (const [, call] of [...calls].sort(([a], [b]) => a - b)) {
        yield { type: 'tool_call', call: toToolCall(call) };
      }
    } finally {
      signal.removeEventListener('abort', abort);
      controller.abort();
    }
  }

  /** The streaming response, or undefined when `signal` aborted first. */
  private async post(
    messages: ChatMessage[],
    tools: ToolDefinition[],
    signal: AbortSignal,
    controller: AbortController,
  ): Promise<Response | undefined> {
    if (signal.aborted) return undefined;
    const { model, temperature, maxTokens } = this.options;
    const body = {
      model,
      messages: messages.map(toWireMessage),
      temperature,
      max_completion_tokens: maxTokens,
      stream: true,
      ...(tools.length > 0 ? { tools: tools.map(toWireTool) } : {}),
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, HEADERS_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.config.apiKey}`,
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (signal.aborted) return undefined;
      throw new Error(
        timedOut
          ? `OpenAI chat completions did not answer within ${HEADERS_TIMEOUT_MS / 1000} s`
          : `OpenAI chat completions is unreachable: ${String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const message = (parseJson(text) as { error?: { message?: unknown } } | undefined)?.error
        ?.message;
      throw new Error(
        `OpenAI chat completions refused (HTTP ${response.status}): ${typeof message === 'string' ? message : text.slice(0, 200)}`,
      );
    }
    return response;
  }
}

/**
 * The `data` of each server-sent event, however the stream is cut into chunks; comments
 * (keep-alives) and other fields are skipped.
 */
async function* serverSentData(body: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let unfinishedLine = '';
  let data: string[] = [];
  for await (const chunk of body) {
    const lines = (unfinishedLine + decoder.decode(chunk, { stream: true })).split('\n');
    unfinishedLine = lines.pop() ?? '';
    for (const line of lines.map((text) => text.replace(/\r$/, ''))) {
      const field = dataField(line);
      if (field !== undefined) data.push(field);
      else if (line === '' && data.length > 0) {
        yield data.join('\n');
        data = [];
      }
    }
  }
  const last = dataField(unfinishedLine + decoder.decode());
  if (last !== undefined) data.push(last);
  if (data.length > 0) yield data.join('\n');
}

function dataField(line: string): string | undefined {
  return line.startsWith('data:') ? line.slice(5).replace(/^ /, '') : undefined;
}

function addToolCallPiece(calls: Map<number, ToolCallInProgress>, piece: ToolCallDelta): void {
  const index = piece.index ?? 0;
  const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
  calls.set(index, call);
  if (piece.id) call.id = piece.id;
  call.name += piece.function?.name ?? '';
  call.arguments += piece.function?.arguments ?? '';
}

function toToolCall(call: ToolCallInProgress): ToolCall {
  const args = parseJson(call.arguments);
  const isObject = typeof args === 'object' && args !== null && !Array.isArray(args);
  return {
    callId: call.id,
    name: call.name,
    args: isObject ? (args as Record<string, unknown>) : {},
  };
}

function toWireMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls && message.toolCalls.length > 0
          ? { tool_calls: message.toolCalls.map(toWireToolCall) }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function toWireToolCall(call: ToolCall): Record<string, unknown> {
  return {
    id: call.callId,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.args) },
  };
}

function toWireTool(tool: ToolDefinition): Record<string, unknown> {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
