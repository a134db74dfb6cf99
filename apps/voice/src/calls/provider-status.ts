import { VoiceCallStatusRequest, VoiceCallTimelineEntryDto } from '@clarion/contracts';
import { CallEnding, CallRow } from './call.row';

/** What a Twilio status callback adds to a call: timeline entries, and its end when it ended. */
export function progressOfTwilioStatus(
  call: Pick<CallRow, 'startedAt' | 'timeline'>,
  status: VoiceCallStatusRequest,
  now: Date,
): { entries: VoiceCallTimelineEntryDto[]; ending?: CallEnding } {
  const offsetMs = Math.max(0, now.getTime() - call.startedAt.getTime());
  const machine = isMachine(status.answeredBy);
  const reachedVoicemail =
    machine || call.timeline.some((entry) => entry.type === 'call.voicemail');
  const end = (fields: Omit<CallEnding, 'endedAt'>) => ({
    entries: [{ offsetMs, type: 'call.ended', detail: fields.endDetail ?? status.callStatus }],
    ending: { ...fields, endedAt: now },
  });
  switch (status.callStatus) {
    case undefined:
      // A recording callback (the URL is all it brings) or an answering-machine verdict.
      return { entries: machine ? [voicemailEntry(offsetMs, status.answeredBy)] : [] };
    case 'ringing':
      return { entries: [{ offsetMs, type: 'call.ringing' }] };
    case 'in-progress':
    case 'answered':
      return {
        entries: [
          { offsetMs, type: 'call.answered' },
          ...(machine ? [voicemailEntry(offsetMs, status.answeredBy)] : []),
        ],
      };
    case 'completed':
      return end({
        status: 'ended',
        outcome: reachedVoicemail ? 'voicemail' : 'completed',
        endReason: reachedVoicemail ? 'voicemail' : 'user_hangup',
        endDetail: 'Twilio reported the call completed',
      });
    case 'busy':
    case 'no-answer':
      return end({
        status: 'ended',
        outcome: 'no_answer',
        endReason: 'no_answer',
        endDetail: `Twilio reported ${status.callStatus}`,
      });
    case 'failed':
    case 'canceled':
      return end({
        status: 'failed',
        outcome: 'failed',
        endReason: 'provider_error',
        endDetail: status.errorMessage ?? `Twilio reported ${status.callStatus}`,
      });
    default:
      return { entries: [{ offsetMs, type: 'provider.status', detail: status.callStatus }] };
  }
}

function voicemailEntry(
  offsetMs: number,
  answeredBy: string | undefined,
): VoiceCallTimelineEntryDto {
  return { offsetMs, type: 'call.voicemail', detail: `Answered by ${answeredBy ?? 'a machine'}` };
}

/** Twilio's answering-machine verdicts start with `machine_` (machine_start, machine_end_beep …). */
export function isMachine(answeredBy: string | undefined): boolean {
  return (answeredBy ?? '').startsWith('machine');
}
