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

/** Agent ids are UUIDs; anything else names no agent (and must not reach a uuid column). */
export const isAgentId = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
