import {
  CallDirection,
  CallEndReason,
  CallOutcome,
  CallSource,
  VoiceAgentSpecDto,
  VoiceCallTimelineEntryDto,
  VoiceProviderName,
} from '@clarion/contracts';

/** A call as the provider gets it: its spec's {{variables}} are filled in already. */
export interface CallToConnect {
  trackingId: string;
  direction: CallDirection;
  source: CallSource;
  from: string;
  to: string;
  spec: VoiceAgentSpecDto;
  /** The media websocket the provider streams the call's audio to. */
  websocket: string;
}

/** A whole call, as the sandbox played it. */
export interface PlayedCall {
  status: 'ended' | 'failed';
  timeline: VoiceCallTimelineEntryDto[];
  durationMs: number;
  outcome: CallOutcome;
  endReason: CallEndReason;
  endDetail: string;
  recordingUrl?: string;
}

export interface ConnectedCall {
  /** The provider's id of the call: Twilio's CallSid, `sandbox-…`, or `web-…` for a browser. */
  callControlId: string;
  /** Set when the provider played the call through already (the sandbox). */
  played?: PlayedCall;
}

/**
 * Who carries calls. Failures are DomainErrors (PROVIDER_ERROR when the provider refuses or
 * cannot be asked).
 */
export interface VoiceProvider {
  readonly name: VoiceProviderName;
  /** Places an outbound phone call, or opens a browser call. */
  place(call: CallToConnect): Promise<ConnectedCall>;
  /** Takes an inbound call the provider announced with `callControlId`. */
  answer(call: CallToConnect, callControlId: string | undefined): ConnectedCall;
  /** Hands a live phone call to another number (an agent's transfer_call tool). */
  transfer(callControlId: string, phoneNumber: string, announcement?: string): Promise<void>;
  /** Records a live call from now on (an inbound call whose agent records; outbound ones are recorded when placed). */
  startRecording(callControlId: string): Promise<void>;
}

export const VOICE_PROVIDER = Symbol('VOICE_PROVIDER');
