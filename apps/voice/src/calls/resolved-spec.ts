import { fillPlaceholders, VoiceAgentSpecDto, VoiceToolDto } from '@clarion/contracts';

/** The spec a call runs: its texts with the call's {{variables}} filled in. */
export function resolveSpec(
  spec: VoiceAgentSpecDto,
  values: Record<string, string>,
): VoiceAgentSpecDto {
  const fill = (text: string) => fillPlaceholders(text, values);
  return {
    ...spec,
    instructions: fill(spec.instructions),
    inbound: { ...spec.inbound, greeting: fill(spec.inbound.greeting) },
    outbound: {
      ...spec.outbound,
      opener: fill(spec.outbound.opener),
      ...(spec.outbound.voicemailMessage !== undefined && {
        voicemailMessage: fill(spec.outbound.voicemailMessage),
      }),
    },
    tools: spec.tools.map((tool) => resolveTool(tool, fill)),
  };
}

function resolveTool(tool: VoiceToolDto, fill: (text: string) => string): VoiceToolDto {
  switch (tool.type) {
    case 'end_call':
      return tool.farewellMessage === undefined
        ? tool
        : { ...tool, farewellMessage: fill(tool.farewellMessage) };
    case 'transfer_call':
      return tool.announcement === undefined
        ? tool
        : { ...tool, announcement: fill(tool.announcement) };
    case 'http_request':
      return { ...tool, url: fill(tool.url) };
    case 'send_sms':
      return { ...tool, message: fill(tool.message) };
    case 'collect_input':
      return { ...tool, prompt: fill(tool.prompt) };
  }
}

/** The defaults of the spec's variables (an inbound call has no per-call values). */
export function defaultValuesOf(spec: VoiceAgentSpecDto): Record<string, string> {
  return Object.fromEntries(
    spec.variables.flatMap(({ name, defaultValue }) =>
      defaultValue === undefined ? [] : [[name, defaultValue]],
    ),
  );
}
