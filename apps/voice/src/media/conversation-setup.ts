import { VoiceAgentSpecDto } from '@clarion/contracts';
import { ConversationSetup, ToolDefinition } from './models/conversation-model';

/** How a call's speech model is set up: its resolved spec's instructions, voice and turn-taking. */
export function conversationSetupOf(
  spec: VoiceAgentSpecDto,
  tools: ToolDefinition[],
): ConversationSetup {
  const { model, conversation } = spec;
  return {
    instructions: spec.instructions,
    tools,
    language: model.language,
    temperature: model.temperature,
    maxTokens: model.maxTokens,
    voiceId: model.voiceId,
    speechSpeed: model.mode === 'chained' ? model.speechSpeed : undefined,
    turnDetection: conversation.turnDetection,
    minEndOfTurnSilenceMs: conversation.minEndOfTurnSilenceMs,
    allowInterruptions: conversation.allowInterruptions,
  };
}
