import { AgentDeployment, VoiceAgentSpecDto } from '@clarion/contracts';

/** A row of `voice.agents`. */
export interface AgentRow {
  agentId: string;
  accountId: string;
  deployment: AgentDeployment;
  spec: VoiceAgentSpecDto;
  createdAt: Date;
  updatedAt: Date;
}

export const AGENT_COLUMNS = `
  agent_id AS "agentId", account_id AS "accountId", deployment, spec,
  created_at AS "createdAt", updated_at AS "updatedAt"`;
