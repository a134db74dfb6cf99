import { Injectable } from '@nestjs/common';
import { VoiceAgentSpecDto } from '@clarion/contracts';
import { DataSource } from 'typeorm';
import { isUuid } from '../uuid';
import { AGENT_COLUMNS, AgentRow } from './agent.row';

@Injectable()
export class AgentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(row: AgentRow): Promise<AgentRow> {
    const [inserted]: (AgentRow | undefined)[] = await this.dataSource.query(
      `INSERT INTO voice.agents (agent_id, account_id, deployment, spec, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${AGENT_COLUMNS}`,
      [row.agentId, row.accountId, row.deployment, row.spec, row.createdAt, row.updatedAt],
    );
    if (!inserted) throw new Error(`The agent ${row.agentId} was not inserted`);
    return inserted;
  }

  /** The account's agents, oldest first. */
  list(accountId: string): Promise<AgentRow[]> {
    return this.dataSource.query(
      `SELECT ${AGENT_COLUMNS} FROM voice.agents WHERE account_id = $1
        ORDER BY created_at, agent_id`,
      [accountId],
    );
  }

  async find(accountId: string, agentId: string): Promise<AgentRow | undefined> {
    if (!isUuid(agentId)) return undefined;
    const [row]: AgentRow[] = await this.dataSource.query(
      `SELECT ${AGENT_COLUMNS} FROM voice.agents WHERE agent_id = $1 AND account_id = $2`,
      [agentId, accountId],
    );
    return row;
  }

  async replaceSpec(
    accountId: string,
    agentId: string,
    spec: VoiceAgentSpecDto,
    now: Date,
  ): Promise<AgentRow | undefined> {
    if (!isUuid(agentId)) return undefined;
    const [row]: AgentRow[] = await this.dataSource.query(
      `WITH updated AS (
         UPDATE voice.agents SET spec = $3, updated_at = $4
          WHERE agent_id = $1 AND account_id = $2 RETURNING *
       ) SELECT ${AGENT_COLUMNS} FROM updated`,
      [agentId, accountId, spec, now],
    );
    return row;
  }

  /**
   * Runs `work` in a transaction holding the agent's row: `share` while a number is bound to it,
   * `delete` while its numbers are unbound and it is deleted (the row goes when `work` resolves
   * true). So a bind never lands on an agent being deleted. Undefined when there is no agent.
   */
  async whileHoldingAgent<T>(
    accountId: string,
    agentId: string,
    mode: 'share' | 'delete',
    work: (agent: AgentRow) => Promise<T>,
  ): Promise<{ value: T } | undefined> {
    if (!isUuid(agentId)) return undefined;
    return this.dataSource.transaction(async (manager) => {
      const [row]: AgentRow[] = await manager.query(
        `SELECT ${AGENT_COLUMNS} FROM voice.agents WHERE agent_id = $1 AND account_id = $2
          FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`,
        [agentId, accountId],
      );
      if (!row) return undefined;
      const value = await work(row);
      if (mode === 'delete') {
        await manager.query('DELETE FROM voice.agents WHERE agent_id = $1', [agentId]);
      }
      return { value };
    });
  }
}
