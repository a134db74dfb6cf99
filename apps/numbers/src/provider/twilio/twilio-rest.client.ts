/** Where and as whom numbers are bought: Twilio, or any API that speaks its REST dialect. */
export interface TwilioConfig {
  /** The REST API origin, e.g. `https://api.twilio.com`. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
}

/**
 * With the lookup that may follow a purchase that got no answer (TWILIO_LOOKUP_TIMEOUT_MS),
 * within the gateway's deadline for a search or an order (PROVIDER_REPLY_TIMEOUT_MS).
 */
export const TWILIO_TIMEOUT_MS = 15_000;
export const TWILIO_LOOKUP_TIMEOUT_MS = 4_000;

/** What came back: an HTTP answer (any status, body parsed when JSON) or nothing at all. */
export type TwilioAnswer =
  | { kind: 'answered'; httpStatus: number; body: unknown; excerpt: string }
  | { kind: 'unreachable'; reason: string };

/** Twilio's REST API (2010-04-01) over fetch: Basic auth, form-encoded bodies, JSON answers. */
export class TwilioRestClient {
  constructor(
    readonly config: TwilioConfig,
    readonly timeoutMs: number = TWILIO_TIMEOUT_MS,
  ) {}

  /** `resource` is below `/2010-04-01/Accounts/{Sid}/`, with its query, e.g. `Messages.json`. */
  async request(
    method: 'GET' | 'POST' | 'DELETE',
    resource: string,
    form?: URLSearchParams,
    timeoutMs = this.timeoutMs,
  ): Promise<TwilioAnswer> {
    try {
      const response = await fetch(this.urlOf(resource), {
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
      };
    } catch (error) {
      return { kind: 'unreachable', reason: describeFetchFailure(error, timeoutMs) };
    }
  }

  private urlOf(resource: string): string {
    const base = this.config.baseUrl.replace(/\/+$/, '');
    return `${base}/2010-04-01/Accounts/${encodeURIComponent(this.config.accountSid)}/${resource}`;
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

/** Why fetch threw: a timeout, or the connection error undici keeps in `cause`. */
function describeFetchFailure(error: unknown, timeoutMs: number): string {
  // fetch's errors may come from another realm (Jest's sandbox), so no instanceof Error.
  const { name, message, cause } = (error ?? {}) as Record<string, unknown>;
  if (name === 'TimeoutError') return `Twilio did not answer within ${timeoutMs} ms`;
  const { code, message: causeMessage } = (cause ?? {}) as Record<string, unknown>;
  const detail =
    typeof causeMessage === 'string' && causeMessage
      ? `: ${causeMessage}`
      : typeof code === 'string'
        ? `: ${code}`
        : '';
  return `Twilio is unreachable: ${typeof message === 'string' ? message : String(error)}${detail}`;
}
