/** Enumerations and limits of voice agents and calls (spec 2.10, 4.2 Voice and 8). */

export const FIRST_ACTIONS = ['speak', 'wait'] as const;
export type FirstAction = (typeof FIRST_ACTIONS)[number];

export const VOICEMAIL_ACTIONS = ['hangup', 'message', 'continue'] as const;
export type VoicemailAction = (typeof VOICEMAIL_ACTIONS)[number];

export const TURN_DETECTIONS = ['semantic', 'vad'] as const;
export type TurnDetection = (typeof TURN_DETECTIONS)[number];

/** `chained` (speech-to-text, a language model, text-to-speech) or one speech-to-speech model. */
export const MODEL_MODES = ['chained', 'realtime'] as const;
export type ModelMode = (typeof MODEL_MODES)[number];

export const TOOL_TYPES = [
  'end_call',
  'transfer_call',
  'http_request',
  'send_sms',
  'collect_input',
] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

export const HTTP_TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const COLLECT_INPUT_KINDS = ['digits', 'speech'] as const;

export const AGENT_DEPLOYMENTS = ['hosted', 'ejected'] as const;
export type AgentDeployment = (typeof AGENT_DEPLOYMENTS)[number];
export const WORKER_PRESENCES = ['online', 'offline'] as const;
export type WorkerPresence = (typeof WORKER_PRESENCES)[number];

export const CALL_STATUSES = ['active', 'ended', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export const CALL_SOURCES = ['pstn', 'web'] as const;
export type CallSource = (typeof CALL_SOURCES)[number];
export const CALL_OUTCOMES = [
  'completed',
  'transferred',
  'voicemail',
  'no_answer',
  'failed',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_END_REASONS = [
  'user_hangup',
  'agent_end_call',
  'silence_timeout',
  'max_duration',
  'free_tier_limit',
  'transferred',
  'voicemail',
  'provider_error',
  'connection_lost',
  'no_answer',
  'session_expired',
  'server_shutdown',
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** Who carries the calls: Twilio (VOICE_PROVIDER=twilio) or the sandbox that plays them. */
export type VoiceProviderName = 'twilio' | 'sandbox';

/** `provider:model`, e.g. `openai:gpt-4o-mini`, `deepgram:nova-3`, `elevenlabs:eleven_flash_v2_5`. */
export const PROVIDER_MODEL_PATTERN = /^[a-z0-9][a-z0-9_.-]*:[A-Za-z0-9][A-Za-z0-9_.:/@-]*$/;
/** BCP 47 language tag such as `en`, `en-US` or `pt-BR`. */
export const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** Names of variables (`{{name}}`) and tools: what a language model can call them. */
export const IDENTIFIER_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Inclusive ranges of the numbers of a spec. */
export const VOICE_RANGES = {
  speechSpeed: [0.5, 2],
  temperature: [0, 2],
  maxTokens: [1, 8192],
  minEndOfTurnSilenceMs: [0, 10_000],
  minInterruptionDurationMs: [0, 5_000],
  silenceTimeoutSeconds: [1, 600],
  /** Twilio ends any call after 4 hours. */
  maxCallLengthSeconds: [10, 14_400],
  httpTimeoutMs: [100, 30_000],
  maxDigits: [1, 32],
} as const;

export const VOICE_LIMITS = {
  name: 100,
  instructions: 20_000,
  utterance: 2_000,
  description: 1_000,
  tools: 20,
  variables: 50,
  variableValue: 2_000,
  headers: 20,
} as const;

/** VoiceListCalls `limit` and how long call records are kept (spec section 8). */
export const DEFAULT_CALL_LIST_LIMIT = 25;
export const MAX_CALL_LIST_LIMIT = 100;
export const CALL_RETENTION_DAYS = 30;
