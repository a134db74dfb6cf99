import { describeFetchFailure } from './fetch-failure';

/** Where and as whom to call Twilio's REST API, or any API that speaks its dialect. */
export interface TwilioRestConfig {
  /** The REST API origin, e.g. `https://api.twilio.com`. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
}

export const DEFAULT_TWILIO_TIMEOUT_MS = 15_000;

/** What came back: an HTTP answer (any status, body parsed when JSON) or nothing at all. */
export type TwilioAnswer =
  | {
      kind: 'answered';
      httpStatus: number;
      body: unknown;
      /** The body on one line, at most 200 characters: for messages. */
      excerpt: string;
      /** The Retry-After header of a refusal, as sent. */
      retryAfter: string | null;
    }
  | { kind: 'unreachable'; reason: string };

/**
 * Twilio's REST API (2010-04-01) over fetch: Basic auth, form-encoded bodies, JSON answers. What
 * an answer means is the caller's: each app maps it to its own outcomes.
 */
export class TwilioRestClient {
  constructor(
    readonly config: TwilioRestConfig,
    readonly timeoutMs: number = DEFAULT_TWILIO_TIMEOUT_MS,
  ) {}

  /** `resource` is below `/2010-04-01/Accounts/{Sid}/`, with its query, e.g. `Messages.json`. */
  async request(
    method: 'GET' | 'POST' | 'DELETE',
    resource: string,
    form?: URLSearchParams,
    timeoutMs = this.timeoutMs,
  ): Promise<TwilioAnswer> {
    try {
      const response = await fetch(twilioAccountUrl(this.config, resource), {
        method,
        headers: this.headers(form !== undefined),
        body: form?.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      return {
        kind: 'answered',
        httpStatus: response.status,
        body: parseJson(text),
        excerpt: excerpt(text),
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      return { kind: 'unreachable', reason: describeFetchFailure(error, timeoutMs) };
    }
  }

  private headers(hasForm: boolean): Record<string, string> {
    const credentials = `${this.config.accountSid}:${this.config.authToken}`;
    return {
      Authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`,
      Accept: 'application/json',
      ...(hasForm && { 'Content-Type': 'application/x-www-form-urlencoded' }),
    };
  }
}

/** Whether Twilio took the request (a 2xx). */
export function isTwilioSuccess(answer: TwilioAnswer & { kind: 'answered' }): boolean {
  return answer.httpStatus >= 200 && answer.httpStatus < 300;
}

/** The URL of a resource of the account, e.g. `Messages.json`. */
export function twilioAccountUrl(config: TwilioRestConfig, resource: string): string {
  const account = encodeURIComponent(config.accountSid);
  return `${config.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${account}/${resource}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty body)';
}
