import { VoiceAgentSpecDto, VoiceToolDto } from '@clarion/contracts';
import { GuardedFetch } from '@clarion/outbound';
import { VoiceProvider } from '../telephony/voice-provider';
import { TextSender } from './call-texts';
import { ToolCall, ToolDefinition } from './models/conversation-model';

/** What running a tool means for the call. */
export type ToolOutcome =
  /** Given back to the model. */
  | { kind: 'result'; result: string }
  /** The agent ends the call, after its farewell. */
  | { kind: 'end'; farewell?: string }
  /** The call went to another number; the media stream is over. */
  | { kind: 'transferred'; detail: string }
  /** The session asks the caller and answers the model with what came back. */
  | { kind: 'collect'; inputType: 'digits' | 'speech'; prompt: string; maxDigits: number };

/** The live call the tools act on. */
export interface ToolCallContext {
  accountId: string;
  trackingId: string;
  source: 'pstn' | 'web';
  callControlId: string;
  /** Our number on a phone call, and the other party's. */
  ourNumber: string;
  theirNumber: string;
}

const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };
const BUILT_IN_END_CALL: ToolDefinition = {
  name: 'end_call',
  description: 'Ends the call. Use it once the conversation is over and you have said goodbye.',
  parameters: NO_PARAMETERS,
};
const RESPONSE_LIMIT = 4_000;
const DEFAULT_HTTP_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_DIGITS = 16;

/** The tools of a call's spec, as the model sees them and as they run. */
export class CallTools {
  constructor(
    private readonly spec: VoiceAgentSpecDto,
    private readonly context: ToolCallContext,
    private readonly provider: VoiceProvider,
    private readonly texts: TextSender,
    private readonly fetchGuarded: GuardedFetch,
  ) {}

  /** The spec's tools, plus the built-in end_call when the call offers it. */
  definitions(): ToolDefinition[] {
    const defined = this.spec.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.type === 'http_request' ? HTTP_PARAMETERS : NO_PARAMETERS,
    }));
    return this.offersBuiltInEndCall() ? [...defined, BUILT_IN_END_CALL] : defined;
  }

  async run(call: ToolCall): Promise<ToolOutcome> {
    const tool = this.spec.tools.find((candidate) => candidate.name === call.name);
    if (tool) return this.runDefined(tool, call);
    return call.name === BUILT_IN_END_CALL.name && this.offersBuiltInEndCall()
      ? { kind: 'end' }
      : { kind: 'result', result: `There is no tool named ${call.name}.` };
  }

  /** Not when conversation.agentCanEndCall is false, nor when a tool of the spec takes its name. */
  private offersBuiltInEndCall(): boolean {
    return (
      this.spec.conversation.agentCanEndCall !== false &&
      !this.spec.tools.some((tool) => tool.name === BUILT_IN_END_CALL.name)
    );
  }

  private async runDefined(tool: VoiceToolDto, call: ToolCall): Promise<ToolOutcome> {
    switch (tool.type) {
      case 'end_call':
        return { kind: 'end', farewell: tool.farewellMessage };
      case 'transfer_call':
        return this.transfer(tool.phoneNumber, tool.announcement);
      case 'http_request':
        return { kind: 'result', result: await this.request(tool, call.args) };
      case 'send_sms':
        return { kind: 'result', result: await this.text(tool.message, call.callId) };
      case 'collect_input':
        return {
          kind: 'collect',
          inputType: tool.inputType,
          prompt: tool.prompt,
          maxDigits: tool.maxDigits ?? DEFAULT_MAX_DIGITS,
        };
    }
  }

  private async transfer(phoneNumber: string, announcement?: string): Promise<ToolOutcome> {
    if (this.context.source === 'web') {
      return { kind: 'result', result: 'A browser call cannot be transferred.' };
    }
    try {
      await this.provider.transfer(this.context.callControlId, phoneNumber, announcement);
      return { kind: 'transferred', detail: `Transferred to ${phoneNumber}` };
    } catch (error) {
      return { kind: 'result', result: `The transfer failed: ${messageOf(error)}` };
    }
  }

  /** Answers once the text is accepted; whether it may be delivered (opt-outs) is decided later. */
  private async text(message: string, toolCallId: string): Promise<string> {
    const { source, accountId, trackingId, ourNumber, theirNumber } = this.context;
    if (source === 'web') return 'A browser caller has no phone number to text.';
    try {
      const textTrackingId = await this.texts.send({
        accountId,
        callTrackingId: trackingId,
        toolCallId,
        from: ourNumber,
        to: theirNumber,
        message,
      });
      return `The text to ${theirNumber} was queued for delivery (trackingId ${textTrackingId}).`;
    } catch (error) {
      return `The text could not be sent: ${messageOf(error)}`;
    }
  }

  /** The tool's request, through the outbound guard; the model gets status and (cut) body. */
  private async request(
    tool: Extract<VoiceToolDto, { type: 'http_request' }>,
    args: Record<string, unknown>,
  ): Promise<string> {
    const payload = args['body'] ?? args;
    const hasBody = !['GET', 'DELETE', 'HEAD'].includes(tool.method.toUpperCase());
    const url = new URL(tool.url);
    if (!hasBody) {
      for (const [name, value] of Object.entries(objectOrEmpty(payload))) {
        url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
    }
    try {
      const response = await this.fetchGuarded(url.toString(), {
        method: tool.method.toUpperCase(),
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...tool.headers,
        },
        ...(hasBody && { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(tool.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS),
      });
      const text = await response.text();
      return `HTTP ${response.status}: ${text.slice(0, RESPONSE_LIMIT)}`;
    } catch (error) {
      return `The request failed: ${messageOf(error)}`;
    }
  }
}

const HTTP_PARAMETERS = {
  type: 'object',
  properties: {
    body: {
      type: 'object',
      description: 'Sent as the JSON body (POST, PUT, PATCH) or as query parameters (GET, DELETE)',
      additionalProperties: true,
    },
  },
};

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
