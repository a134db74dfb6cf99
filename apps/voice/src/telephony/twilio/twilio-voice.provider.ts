import { connectStreamTwiml, DomainError, ErrorCode, transferTwiml } from '@clarion/contracts';
import {
  isTwilioSuccess,
  parseTwilioError,
  TwilioRestClient,
  TwilioRestConfig,
} from '@clarion/providers';
import { CallToConnect, ConnectedCall, VoiceProvider } from '../voice-provider';

export interface TwilioVoiceConfig extends TwilioRestConfig {
  /** PUBLIC_URL/webhooks/twilio/voice-status: call progress and recordings. */
  statusCallbackUrl: string;
}

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

  private readonly rest: TwilioRestClient;

  constructor(private readonly config: TwilioVoiceConfig) {
    this.rest = new TwilioRestClient(config);
  }

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
    const answer = await this.rest.request('POST', resource, form);
    if (answer.kind === 'unreachable') throw providerError(answer.reason);
    if (!isTwilioSuccess(answer)) {
      const { message } = parseTwilioError(answer.body, answer.excerpt);
      throw providerError(`Twilio refused (HTTP ${answer.httpStatus}): ${message}`);
    }
    return answer.body;
  }
}

function providerError(message: string): DomainError {
  return new DomainError(
    ErrorCode.PROVIDER_ERROR,
    message,
    'Check the number and the Twilio account; GET /voice/calls/{trackingId} keeps the failed call.',
  );
}
