import { connectStreamTwiml, DomainError, ErrorCode, transferTwiml } from '@clarion/contracts';
import { CallToConnect, ConnectedCall, VoiceProvider } from '../voice-provider';

export interface TwilioVoiceConfig {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** PUBLIC_URL/webhooks/twilio/voice-status: call progress and recordings. */
  statusCallbackUrl: string;
}

const TIMEOUT_MS = 15_000;
/** Seconds Twilio lets the callee's phone ring. */
const RING_SECONDS = 30;

/**
 * Twilio's Calls API: an outbound call whose TwiML connects its audio to the call's media
 * websocket (<Connect><Stream>), with status callbacks, answering-machine detection (for
 * voicemailAction) and, when compliance.recordingEnabled, a recording. A browser call has no
 * Twilio leg: the browser opens the websocket itself.
 */
export class TwilioVoiceProvider implements VoiceProvider {
  readonly name = 'twilio' as const;

  constructor(private readonly config: TwilioVoiceConfig) {}

  async place(call: CallToConnect): Promise<ConnectedCall> {
    if (call.source === 'web') return { callControlId: `web-${call.trackingId}` };
    const form = new URLSearchParams({
      To: call.to,
      From: call.from,
      Twiml: connectStreamTwiml(call.websocket),
      StatusCallback: this.config.statusCallbackUrl,
      StatusCallbackMethod: 'POST',
      Timeout: String(RING_SECONDS),
      TimeLimit: String(call.spec.conversation.maxCallLengthSeconds),
      // Asynchronous detection: the agent speaks at once to a person; a machine's verdict comes
      // later to the status callback and the media session plays the voicemailAction. To leave
      // a message, Twilio waits for the greeting's beep.
      MachineDetection:
        call.spec.outbound.voicemailAction === 'message' ? 'DetectMessageEnd' : 'Enable',
      AsyncAmd: 'true',
      AsyncAmdStatusCallback: this.config.statusCallbackUrl,
      AsyncAmdStatusCallbackMethod: 'POST',
    });
    for (const event of ['initiated', 'ringing', 'answered', 'completed']) {
      form.append('StatusCallbackEvent', event);
    }
    if (call.spec.compliance.recordingEnabled) {
      form.set('Record', 'true');
      form.set('RecordingStatusCallback', this.config.statusCallbackUrl);
    }
    const body = await this.post('Calls.json', form);
    const sid = (body as { sid?: unknown } | undefined)?.sid;
    if (typeof sid !== 'string') throw providerError('Twilio answered without a call sid');
    return { callControlId: sid };
  }

  /** Twilio announced the call with its CallSid; the gateway answers it with <Connect><Stream>. */
  answer(call: CallToConnect, callControlId: string | undefined): ConnectedCall {
    return { callControlId: callControlId ?? `twilio-${call.trackingId}` };
  }

  /** Updates the live call with new TwiML: the media stream ends and Twilio dials the number. */
  async transfer(callControlId: string, phoneNumber: string, announcement?: string): Promise<void> {
    const form = new URLSearchParams({ Twiml: transferTwiml(phoneNumber, announcement) });
    await this.post(`Calls/${encodeURIComponent(callControlId)}.json`, form);
  }

  /** Both parties on their own channel; the recording's URL comes to the status callback. */
  async startRecording(callControlId: string): Promise<void> {
    const form = new URLSearchParams({
      RecordingChannels: 'dual',
      RecordingStatusCallback: this.config.statusCallbackUrl,
      RecordingStatusCallbackMethod: 'POST',
    });
    await this.post(`Calls/${encodeURIComponent(callControlId)}/Recordings.json`, form);
  }

  private async post(resource: string, form: URLSearchParams): Promise<unknown> {
    const { baseUrl, accountSid, authToken } = this.config;
    const url = `${baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/${resource}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw providerError(`Twilio is unreachable: ${String(error)}`);
    }
    const text = await response.text();
    const body = parseJson(text);
    if (!response.ok) {
      const message = (body as { message?: unknown } | undefined)?.message;
      throw providerError(
        `Twilio refused (HTTP ${response.status}): ${typeof message === 'string' ? message : text.slice(0, 200)}`,
      );
    }
    return body;
  }
}

function providerError(message: string): DomainError {
  return new DomainError(
    ErrorCode.PROVIDER_ERROR,
    message,
    'Check the number and the Twilio account; GET /voice/calls/{trackingId} keeps the failed call.',
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
