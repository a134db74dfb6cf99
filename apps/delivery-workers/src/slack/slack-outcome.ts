import { OutboundUrlRefusedError } from '@clarion/outbound';
import type { FailedOutcome, ProviderOutcome } from '../delivery/provider-outcome';
import { SlackApiError, SlackUnavailableError } from './slack-errors';

/** records.md LogsGetResponseLogsInnerSlackFailedCodeEnum values a Slack answer leads to. */
export type SlackFailedCode =
  | 'CHANNEL_NOT_FOUND'
  | 'NOT_IN_CHANNEL'
  | 'CHANNEL_ARCHIVED'
  | 'MESSAGE_TOO_LONG'
  | 'NO_TEXT'
  | 'RESTRICTED_ACTION'
  | 'TOKEN_EXPIRED'
  | 'INVALID_AUTH'
  | 'UNKNOWN'
  | 'NO_ADDRESS';

/** Slack error codes (api.slack.com/methods/chat.postMessage#errors) by the failed code they mean. */
const FAILED_CODES: Record<string, SlackFailedCode> = {
  channel_not_found: 'CHANNEL_NOT_FOUND',
  user_not_found: 'CHANNEL_NOT_FOUND',
  not_in_channel: 'NOT_IN_CHANNEL',
  is_archived: 'CHANNEL_ARCHIVED',
  msg_too_long: 'MESSAGE_TOO_LONG',
  no_text: 'NO_TEXT',
  restricted_action: 'RESTRICTED_ACTION',
  restricted_action_read_only_channel: 'RESTRICTED_ACTION',
  restricted_action_thread_only_channel: 'RESTRICTED_ACTION',
  restricted_action_non_threadable_channel: 'RESTRICTED_ACTION',
  restricted_action_thread_locked: 'RESTRICTED_ACTION',
  ekm_access_denied: 'RESTRICTED_ACTION',
  team_access_not_granted: 'RESTRICTED_ACTION',
  messages_tab_disabled: 'RESTRICTED_ACTION',
  token_expired: 'TOKEN_EXPIRED',
  token_revoked: 'TOKEN_EXPIRED',
  invalid_auth: 'INVALID_AUTH',
  not_authed: 'INVALID_AUTH',
  account_inactive: 'INVALID_AUTH',
};

/** Errors Slack documents as temporary on its side. */
const TRANSIENT_ERRORS = new Set([
  'ratelimited',
  'internal_error',
  'fatal_error',
  'service_unavailable',
  'request_timeout',
]);

export function slackFailed(code: SlackFailedCode, reason: string): FailedOutcome {
  return { status: 'failed', code, reason };
}

/** What a SlackClient error means for the message; anything else is a bug and is rethrown. */
export function slackOutcomeOfError(error: unknown): ProviderOutcome {
  if (error instanceof SlackUnavailableError) return retry(error.reason, error.retryAfterMs);
  if (error instanceof OutboundUrlRefusedError) return slackFailed('UNKNOWN', error.message);
  if (!(error instanceof SlackApiError)) throw error;
  if (TRANSIENT_ERRORS.has(error.slackError)) return retry(error.slackError, error.retryAfterMs);
  return slackFailed(FAILED_CODES[error.slackError] ?? 'UNKNOWN', error.slackError);
}

function retry(reason: string, retryAfterMs: number | undefined): ProviderOutcome {
  return { status: 'retry', reason, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}
