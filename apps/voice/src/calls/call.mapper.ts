import { VoiceCallDetailDto, VoiceCallSummaryDto } from '@clarion/contracts';
import { CallRow } from './call.row';

export function toCallSummary(row: CallRow, now: Date): VoiceCallSummaryDto {
  const endedAt = row.endedAt ?? now;
  return {
    trackingId: row.trackingId,
    status: row.status,
    ...(row.agentId !== null && { agentId: row.agentId }),
    agentName: row.agentName,
    direction: row.direction,
    source: row.source,
    from: row.from,
    to: row.to,
    startedAt: row.startedAt.toISOString(),
    durationSeconds: Math.max(0, endedAt.getTime() - row.startedAt.getTime()) / 1000,
    ...(row.outcome !== null && { outcome: row.outcome }),
    ...(row.endReason !== null && { endReason: row.endReason }),
    ...(row.endDetail !== null && { endDetail: row.endDetail }),
  };
}

export function toCallDetail(row: CallRow, now: Date): VoiceCallDetailDto {
  return {
    ...toCallSummary(row, now),
    timeline: row.timeline,
    ...(row.recordingUrl !== null && { recordingUrl: row.recordingUrl }),
    variables: row.variables,
    ...(row.cost !== null && { cost: row.cost }),
  };
}
