import { Injectable } from '@nestjs/common';
import {
  DeleteVoiceAgentResponseDto,
  ListVoiceAgentsResponseDto,
  newTimeOrderedId,
  NotFoundError,
  VoiceAgentResponseDto,
  VoiceAgentSpecDto,
} from '@clarion/contracts';
import { OutboundGuard } from '@clarion/outbound';
import { toVoiceAgentResponse } from './agent.mapper';
import { AgentRow } from './agent.row';
import { AgentsRepository } from './agents.repository';
import { NumberBindings } from './number-bindings';
import { hasHeaderHints, specWithStoredHeaders } from './tool-header-hints';
import { assertToolUrlsAllowed } from './tool-urls';

const LIST_AGENTS = 'GET /voice/agents lists the agents of this account.';

/** Deployed voice agents and the numbers bound to them. */
@Injectable()
export class AgentsService {
  constructor(
    private readonly repository: AgentsRepository,
    private readonly bindings: NumberBindings,
    private readonly guard: OutboundGuard,
  ) {}

  async create(accountId: string, given: VoiceAgentSpecDto): Promise<VoiceAgentResponseDto> {
    const spec = specWithStoredHeaders(given, undefined);
    assertToolUrlsAllowed(spec, this.guard);
    const now = new Date();
    const row = await this.repository.insert({
      agentId: newTimeOrderedId(),
      accountId,
      deployment: 'hosted',
      spec,
      createdAt: now,
      updatedAt: now,
    });
    return { agent: toVoiceAgentResponse(row, []) };
  }

  async list(accountId: string): Promise<ListVoiceAgentsResponseDto> {
    const [rows, bound] = await Promise.all([
      this.repository.list(accountId),
      this.bindings.byAgent(accountId),
    ]);
    return { agents: rows.map((row) => toVoiceAgentResponse(row, bound.get(row.agentId) ?? [])) };
  }

  async get(accountId: string, agentId: string): Promise<VoiceAgentResponseDto> {
    return this.withNumbers(await this.existing(accountId, agentId));
  }

  /** Finds the account's agent or fails with NOT_FOUND. */
  async existing(accountId: string, agentId: string): Promise<AgentRow> {
    const row = await this.repository.find(accountId, agentId);
    if (!row) throw agentNotFound(agentId);
    return row;
  }

  async update(
    accountId: string,
    agentId: string,
    given: VoiceAgentSpecDto,
  ): Promise<VoiceAgentResponseDto> {
    const spec = hasHeaderHints(given)
      ? specWithStoredHeaders(given, (await this.existing(accountId, agentId)).spec)
      : given;
    assertToolUrlsAllowed(spec, this.guard);
    const row = await this.repository.replaceSpec(accountId, agentId, spec, new Date());
    if (!row) throw agentNotFound(agentId);
    return this.withNumbers(row);
  }

  /** Unbinds the agent's numbers and deletes it, holding its row so no bind slips in between. */
  async delete(accountId: string, agentId: string): Promise<DeleteVoiceAgentResponseDto> {
    const held = await this.repository.whileHoldingAgent(accountId, agentId, 'delete', () =>
      this.bindings.unbind(accountId, agentId),
    );
    if (!held) throw agentNotFound(agentId);
    return { deleted: true };
  }

  async bind(
    accountId: string,
    agentId: string,
    phoneNumber: string,
  ): Promise<VoiceAgentResponseDto> {
    const held = await this.repository.whileHoldingAgent(
      accountId,
      agentId,
      'share',
      async (row) => {
        await this.bindings.bind(accountId, agentId, phoneNumber);
        return row;
      },
    );
    if (!held) throw agentNotFound(agentId);
    return this.withNumbers(held.value);
  }

  async unbind(
    accountId: string,
    agentId: string,
    phoneNumber: string,
  ): Promise<VoiceAgentResponseDto> {
    const row = await this.existing(accountId, agentId);
    const unbound = await this.bindings.unbind(accountId, agentId, phoneNumber);
    if (unbound.length === 0) {
      throw new NotFoundError(
        `The number ${phoneNumber} bound to the voice agent ${agentId}`,
        'GET /voice/agents/{agentId} lists the numbers bound to the agent.',
      );
    }
    return this.withNumbers(row);
  }

  private async withNumbers(row: AgentRow): Promise<VoiceAgentResponseDto> {
    const phoneNumbers = await this.bindings.of(row.accountId, row.agentId);
    return { agent: toVoiceAgentResponse(row, phoneNumbers) };
  }
}

function agentNotFound(agentId: string): NotFoundError {
  return new NotFoundError(`The voice agent ${agentId}`, LIST_AGENTS);
}
