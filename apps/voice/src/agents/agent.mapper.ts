import { VoiceAgentDto } from '@clarion/contracts';
import { AgentRow } from './agent.row';
import { specWithHeaderHints } from './tool-header-hints';

/** An agent as records.md shows it (BindNumberResponseAgent); its tools' header values as hints. */
export function toVoiceAgentResponse(row: AgentRow, phoneNumbers: string[]): VoiceAgentDto {
  return {
    agentId: row.agentId,
    deployment: row.deployment,
    spec: specWithHeaderHints(row.spec),
    phoneNumbers,
    // A hosted agent runs in this service, which is up when it answers.
    workerPresence: 'online',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
