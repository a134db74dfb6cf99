import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  CreateVoiceAgentRequest,
  DeleteVoiceAgentResponseDto,
  ListVoiceAgentsResponseDto,
  Requests,
  UpdateVoiceAgentRequest,
  VoiceAgentNumberRequest,
  VoiceAgentRef,
  VoiceAgentResponseDto,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { AgentsService } from './agents.service';

@Injectable()
export class AgentsHandlers {
  constructor(private readonly agents: AgentsService) {}

  @HandleRequest(Requests.createVoiceAgent, CreateVoiceAgentRequest)
  create({ accountId, spec }: CreateVoiceAgentRequest): Promise<VoiceAgentResponseDto> {
    return this.agents.create(accountId, spec);
  }

  @HandleRequest(Requests.listVoiceAgents, AccountScope)
  list({ accountId }: AccountScope): Promise<ListVoiceAgentsResponseDto> {
    return this.agents.list(accountId);
  }

  @HandleRequest(Requests.getVoiceAgent, VoiceAgentRef)
  get({ accountId, agentId }: VoiceAgentRef): Promise<VoiceAgentResponseDto> {
    return this.agents.get(accountId, agentId);
  }

  @HandleRequest(Requests.updateVoiceAgent, UpdateVoiceAgentRequest)
  update({ accountId, agentId, spec }: UpdateVoiceAgentRequest): Promise<VoiceAgentResponseDto> {
    return this.agents.update(accountId, agentId, spec);
  }

  @HandleRequest(Requests.deleteVoiceAgent, VoiceAgentRef)
  delete({ accountId, agentId }: VoiceAgentRef): Promise<DeleteVoiceAgentResponseDto> {
    return this.agents.delete(accountId, agentId);
  }

  @HandleRequest(Requests.bindVoiceNumber, VoiceAgentNumberRequest)
  bind({
    accountId,
    agentId,
    phoneNumber,
  }: VoiceAgentNumberRequest): Promise<VoiceAgentResponseDto> {
    return this.agents.bind(accountId, agentId, phoneNumber);
  }

  @HandleRequest(Requests.unbindVoiceNumber, VoiceAgentNumberRequest)
  unbind({
    accountId,
    agentId,
    phoneNumber,
  }: VoiceAgentNumberRequest): Promise<VoiceAgentResponseDto> {
    return this.agents.unbind(accountId, agentId, phoneNumber);
  }
}
