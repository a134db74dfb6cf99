import { VoiceAgentDto } from '@clarion/contracts';
import { AgentRow } from './agent.row';

/** An agent as records.md shows it (BindNumberResponseAgent). */
export function toVoiceAgentResponse(row: AgentRow, phoneNumbers: string[]): VoiceAgentDto {
  return {
    agentId: row.agentId,
    deployment: row.deployment,
    spec: row.spec,
    phoneNumbers,
    // A hosted agent runs in this service, which is up when it answers.
    workerPresence: 'online',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
