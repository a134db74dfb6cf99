/** Slack answered `{ ok: false, error }` (or an HTTP error with no such body). */
export class SlackApiError extends Error {
  constructor(
    /** Slack's error code (`channel_not_found`, `invalid_auth`, ...) or a description. */
    readonly slackError: string,
    readonly retryAfterMs?: number,
  ) {
    super(`Slack API error: ${slackError}`);
    this.name = SlackApiError.name;
  }
}

/** Slack could not take the call now (429, 5xx, network, timeout): worth trying again. */
export class SlackUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterMs?: number,
  ) {
    super(`Slack unavailable: ${reason}`);
    this.name = SlackUnavailableError.name;
  }
}
