import {
  isSecretHint,
  secretHint,
  ValidationFailedError,
  VoiceAgentSpecDto,
  VoiceToolDto,
} from '@clarion/contracts';

type HttpTool = Extract<VoiceToolDto, { type: 'http_request' }>;
type Headers = Record<string, string>;

/**
 * An agent's spec as the API shows it: the header values of its http_request tools (API keys,
 * bearer tokens of the customer's own services) as hints, never the values.
 */
export function specWithHeaderHints(spec: VoiceAgentSpecDto): VoiceAgentSpecDto {
  return mapHttpTools(spec, (headers) => mapValues(headers, (value) => secretHint(value)));
}

/**
 * A spec to store in place of `stored`: a header value sent back as the hint it was read as
 * (a GET, a change, then the whole spec PUT back) keeps the stored value of that tool's header.
 */
export function specWithStoredHeaders(
  spec: VoiceAgentSpecDto,
  stored: VoiceAgentSpecDto | undefined,
): VoiceAgentSpecDto {
  return mapHttpTools(spec, (headers, tool, index) =>
    mapValues(headers, (value, name) => {
      if (!isSecretHint(value)) return value;
      const kept = storedHeader(stored, tool.name, name);
      if (kept === undefined || secretHint(kept) !== value) {
        throw new ValidationFailedError(
          `spec.tools.${index}.headers.${name} is a hint of a value, not a value`,
          'Header values are shown as hints; send the value itself, or the hint unchanged to keep the stored value of the same tool and header.',
        );
      }
      return kept;
    }),
  );
}

/** Whether any header value of the spec's http_request tools is a hint. */
export function hasHeaderHints(spec: VoiceAgentSpecDto): boolean {
  return spec.tools.some(
    (tool) => tool.type === 'http_request' && Object.values(tool.headers ?? {}).some(isSecretHint),
  );
}

function storedHeader(
  stored: VoiceAgentSpecDto | undefined,
  toolName: string,
  headerName: string,
): string | undefined {
  const tool = stored?.tools.find(
    (candidate): candidate is HttpTool =>
      candidate.type === 'http_request' && candidate.name === toolName,
  );
  const lower = headerName.toLowerCase();
  return Object.entries(tool?.headers ?? {}).find(([name]) => name.toLowerCase() === lower)?.[1];
}

/** The spec with the headers of each http_request tool that has them mapped. */
function mapHttpTools(
  spec: VoiceAgentSpecDto,
  map: (headers: Headers, tool: HttpTool, index: number) => Headers,
): VoiceAgentSpecDto {
  return {
    ...spec,
    tools: spec.tools.map((tool, index) =>
      tool.type === 'http_request' && tool.headers
        ? { ...tool, headers: map(tool.headers, tool, index) }
        : tool,
    ),
  };
}

function mapValues(headers: Headers, map: (value: string, name: string) => string): Headers {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, map(value, name)]),
  );
}
