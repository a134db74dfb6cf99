import { VoiceCallTimelineEntryDto } from '@clarion/contracts';
import { CallToConnect, PlayedCall } from '../voice-provider';

export const SANDBOX_NOTICE =
  'Sandbox call: no voice provider is configured (VOICE_PROVIDER), so nobody was dialled; the sandbox played the call with a simulated other party';

/** Destinations whose last four digits pick what the sandbox's callee does. */
export const SANDBOX_DESTINATIONS = {
  noAnswer: '0002',
  voicemail: '0003',
  failure: '0004',
} as const;

const RING_MS = 2_000;
const NO_ANSWER_MS = 30_000;
const PAUSE_MS = 400;
const CALLER_GOODBYE = 'Thanks, that is all I needed. Goodbye.';

/** About how long saying `text` takes: 60 ms a character, at least 800 ms. */
export function speakingMs(text: string): number {
  return Math.max(800, text.length * 60);
}

/**
 * What the sandbox plays for a call, at once: ringing, the answer, the agent's opener (outbound)
 * or greeting (inbound) as the first turn — after the other party's hello when firstAction is
 * wait — the other party's goodbye and the hang-up. Offsets are those of the simulated call; a
 * call longer than conversation.maxCallLengthSeconds is cut there (max_duration).
 */
export function playSandboxCall(call: CallToConnect): PlayedCall {
  const timeline: VoiceCallTimelineEntryDto[] = [
    { offsetMs: 0, type: 'sandbox', detail: SANDBOX_NOTICE },
  ];
  const at = (offsetMs: number, entry: Omit<VoiceCallTimelineEntryDto, 'offsetMs'>) =>
    timeline.push({ offsetMs, ...entry });
  const ending = (
    offsetMs: number,
    fields: Pick<PlayedCall, 'status' | 'outcome' | 'endReason'> & { detail: string },
  ): PlayedCall => {
    at(offsetMs, { type: 'call.ended', detail: fields.detail });
    return {
      status: fields.status,
      timeline,
      durationMs: offsetMs,
      outcome: fields.outcome,
      endReason: fields.endReason,
      endDetail: `${fields.detail} (sandbox: no voice provider is configured)`,
      ...(call.spec.compliance.recordingEnabled && {
        recordingUrl: `https://sandbox.invalid/recordings/${call.trackingId}.wav`,
      }),
    };
  };

  const destination = call.direction === 'outbound' && call.source === 'pstn' ? call.to : '';
  if (call.source === 'pstn') at(0, { type: 'call.ringing', detail: `Ringing ${call.to}` });
  if (destination.endsWith(SANDBOX_DESTINATIONS.failure)) {
    return ending(PAUSE_MS, {
      status: 'failed',
      outcome: 'failed',
      endReason: 'provider_error',
      detail: `The carrier rejected the call to ${call.to}`,
    });
  }
  if (destination.endsWith(SANDBOX_DESTINATIONS.noAnswer)) {
    return ending(NO_ANSWER_MS, {
      status: 'ended',
      outcome: 'no_answer',
      endReason: 'no_answer',
      detail: `${call.to} did not answer within ${NO_ANSWER_MS / 1000} s`,
    });
  }
  const answeredAt = call.source === 'web' ? 0 : call.direction === 'inbound' ? 500 : RING_MS;
  at(answeredAt, {
    type: 'call.answered',
    detail:
      call.source === 'web'
        ? 'The browser connected'
        : `${call.direction === 'inbound' ? 'The agent' : call.to} answered`,
  });
  if (call.spec.compliance.recordingEnabled) at(answeredAt, { type: 'recording.started' });
  const maxMs = call.spec.conversation.maxCallLengthSeconds * 1000;
  let now = answeredAt + PAUSE_MS;
  const say = (type: 'agent' | 'user', text: string): boolean => {
    if (text.trim() === '') return true;
    if (now + speakingMs(text) > maxMs) return false;
    at(now, { type, text });
    now += speakingMs(text) + PAUSE_MS;
    return true;
  };
  const cutAtMaxDuration = () =>
    ending(maxMs, {
      status: 'ended',
      outcome: 'completed',
      endReason: 'max_duration',
      detail: `The call reached conversation.maxCallLengthSeconds (${call.spec.conversation.maxCallLengthSeconds} s)`,
    });

  if (destination.endsWith(SANDBOX_DESTINATIONS.voicemail)) {
    const { voicemailAction, voicemailMessage = '', opener } = call.spec.outbound;
    at(now, { type: 'call.voicemail', detail: 'An answering machine picked up' });
    now += PAUSE_MS;
    const message = { hangup: '', message: voicemailMessage, continue: opener }[voicemailAction];
    if (!say('agent', message)) return cutAtMaxDuration();
    return ending(now, {
      status: 'ended',
      outcome: 'voicemail',
      endReason: 'voicemail',
      detail: `Voicemail (voicemailAction ${voicemailAction})`,
    });
  }

  const firstTurn = call.direction === 'inbound' ? call.spec.inbound : call.spec.outbound;
  const opening = 'greeting' in firstTurn ? firstTurn.greeting : firstTurn.opener;
  const turns: ['agent' | 'user', string][] =
    firstTurn.firstAction === 'speak'
      ? [
          ['agent', opening],
          ['user', CALLER_GOODBYE],
        ]
      : [
          ['user', 'Hello?'],
          ['agent', opening],
          ['user', CALLER_GOODBYE],
        ];
  for (const [who, text] of turns) {
    if (!say(who, text)) return cutAtMaxDuration();
  }
  return ending(now, {
    status: 'ended',
    outcome: 'completed',
    endReason: 'user_hangup',
    detail: 'The other party hung up',
  });
}
