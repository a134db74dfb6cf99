import { CallEndReason, CallOutcome } from '@clarion/contracts';
import { CallEnding } from '../calls/call.row';

/** How each way a media session ends shows on the call record. */
export function callEndingOf(reason: CallEndReason, detail: string, at: Date): CallEnding {
  const { status, outcome } = resultOf(reason);
  return { status, endedAt: at, outcome, endReason: reason, endDetail: detail };
}

function resultOf(reason: CallEndReason): { status: 'ended' | 'failed'; outcome: CallOutcome } {
  switch (reason) {
    case 'transferred':
      return { status: 'ended', outcome: 'transferred' };
    case 'voicemail':
      return { status: 'ended', outcome: 'voicemail' };
    case 'no_answer':
      return { status: 'ended', outcome: 'no_answer' };
    case 'provider_error':
      return { status: 'failed', outcome: 'failed' };
    case 'connection_lost':
    case 'server_shutdown':
    case 'session_expired':
    case 'free_tier_limit':
      return { status: 'ended', outcome: 'failed' };
    case 'user_hangup':
    case 'agent_end_call':
    case 'silence_timeout':
    case 'max_duration':
      return { status: 'ended', outcome: 'completed' };
  }
}
