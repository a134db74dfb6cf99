import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, Matches, ValidateNested } from 'class-validator';
import { E164_MESSAGE, E164_PATTERN } from '../numbers/phone-number-rules';
import { VoiceAgentSpecDto } from './voice-agent-spec.dto';
import {
  AGENT_DEPLOYMENTS,
  AgentDeployment,
  WORKER_PRESENCES,
  WorkerPresence,
} from './voice-rules';

/** Body of POST /voice/agents and PUT /voice/agents/{agentId} (a full spec replacement). */
export class VoiceAgentBodyDto {
  @ApiProperty({ type: VoiceAgentSpecDto })
  @IsObject()
  @ValidateNested()
  @Type(() => VoiceAgentSpecDto)
  spec!: VoiceAgentSpecDto;
}

/** Body of POST /voice/agents/{agentId}/numbers (VoiceBindNumber). */
export class BindVoiceNumberDto {
  @ApiProperty({ example: '+14155550123', description: 'An active number of this account, E.164' })
  @Matches(E164_PATTERN, { message: E164_MESSAGE })
  phoneNumber!: string;
}

/** A deployed voice agent (records.md BindNumberResponseAgent). */
export class VoiceAgentDto {
  @ApiProperty({ example: '01936f7e-3c1a-7cc2-9d0e-8c4f8b6f1a2b' })
  agentId!: string;

  @ApiProperty({
    enum: AGENT_DEPLOYMENTS,
    description: 'hosted: this deployment runs the agent (the only kind it creates)',
  })
  deployment!: AgentDeployment;

  @ApiProperty({ type: VoiceAgentSpecDto })
  spec!: VoiceAgentSpecDto;

  @ApiProperty({ type: [String], description: 'Numbers whose inbound calls reach the agent' })
  phoneNumbers!: string[];

  @ApiPropertyOptional({
    enum: WORKER_PRESENCES,
    description: 'online when a voice provider (or the sandbox) can carry its calls',
  })
  workerPresence?: WorkerPresence;

  @ApiProperty()
  createdAt!: string;

  @ApiProperty()
  updatedAt!: string;
}

/** VoiceCreateAgent, VoiceGetAgent, VoiceUpdateAgent, VoiceBindNumber and VoiceUnbindNumber. */
export class VoiceAgentResponseDto {
  @ApiProperty({ type: VoiceAgentDto })
  agent!: VoiceAgentDto;
}

export class ListVoiceAgentsResponseDto {
  @ApiProperty({ type: [VoiceAgentDto], description: 'Oldest first' })
  agents!: VoiceAgentDto[];
}

export class DeleteVoiceAgentResponseDto {
  @ApiProperty()
  deleted!: boolean;
}
