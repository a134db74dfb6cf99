import {
  CallDirection,
  CallEndReason,
  CallOutcome,
  CallSource,
  CallStatus,
  VoiceAgentSpecDto,
  VoiceCallTimelineEntryDto,
  VoiceProviderName,
} from '@clarion/contracts';
import { CallCost } from '../charges/call-cost';

/** A row of `voice.calls`. */
export interface CallRow {
  trackingId: string;
  accountId: string;
  agentId: string | null;
  agentName: string;
  direction: CallDirection;
  source: CallSource;
  from: string;
  to: string;
  status: CallStatus;
  provider: VoiceProviderName;
  callControlId: string;
  spec: VoiceAgentSpecDto;
  variables: Record<string, string>;
  timeline: VoiceCallTimelineEntryDto[];
  startedAt: Date;
  endedAt: Date | null;
  outcome: CallOutcome | null;
  endReason: CallEndReason | null;
  endDetail: string | null;
  recordingUrl: string | null;
  /** Set once the call was charged (CallCharges), after it ended. */
  cost: CallCost | null;
}

export const CALL_COLUMNS = `
  tracking_id AS "trackingId", account_id AS "accountId", agent_id AS "agentId",
  agent_name AS "agentName", direction, source, from_number AS "from", to_number AS "to", status,
  provider, call_control_id AS "callControlId", spec, variables, timeline,
  started_at AS "startedAt", ended_at AS "endedAt", outcome, end_reason AS "endReason",
  end_detail AS "endDetail", recording_url AS "recordingUrl", cost`;

/** How a call ended. */
export interface CallEnding {
  status: 'ended' | 'failed';
  endedAt: Date;
  outcome: CallOutcome;
  endReason: CallEndReason;
  endDetail: string | null;
}
