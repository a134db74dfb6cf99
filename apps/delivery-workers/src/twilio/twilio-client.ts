import { describeFetchFailure } from './fetch-failure';
import { retryAfterMs } from '../delivery/retry-after';
import { TwilioConfig, twilioAccountUrl } from './twilio-config';
import {
  parseTwilioCall,
  parseTwilioError,
  parseTwilioIncomingNumbers,
  parseTwilioMessage,
  TwilioApiError,
  TwilioCall,
  TwilioIncomingNumbers,
  TwilioMessage,
} from './twilio-responses';

export const DEFAULT_TWILIO_TIMEOUT_MS = 15_000;

/** Why a Twilio request did not give the resource asked for. */
export type TwilioFailure =
  /** Twilio answered with an error status (4xx, 5xx). */
  | { kind: 'rejected'; httpStatus: number; error: TwilioApiError; retryAfterMs?: number }
  /** No answer: connection error, reset, or timeout. */
  | { kind: 'unreachable'; reason: string }
  /** A 2xx whose body is not the resource: Twilio may have acted on the request anyway. */
  | { kind: 'unreadable'; httpStatus: number; reason: string };

export type TwilioResult<T> = { ok: true; value: T } | { ok: false; failure: TwilioFailure };

export interface TwilioMessageRequest {
  to: string;
  from: string;
  body?: string;
  /** Public media URLs; any makes the message an MMS. */
  mediaUrls?: readonly string[];
  statusCallback?: string;
}

export interface TwilioCallRequest {
  to: string;
  from: string;
  /** The TwiML the call runs once answered. */
  twiml: string;
  /** Receives the call's final status (the `completed` event). */
  statusCallback?: string;
}

type Parse<T> = (body: unknown) => T | undefined;

/** Twilio's REST API (2010-04-01) over fetch: Basic auth, form-encoded bodies, JSON answers. */
export class TwilioClient {
  constructor(
    readonly config: TwilioConfig,
    private readonly timeoutMs: number = DEFAULT_TWILIO_TIMEOUT_MS,
  ) {}

  createMessage(request: TwilioMessageRequest): Promise<TwilioResult<TwilioMessage>> {
    const form = new URLSearchParams({ To: request.to, From: request.from });
    if (request.body) form.append('Body', request.body);
    for (const mediaUrl of request.mediaUrls ?? []) form.append('MediaUrl', mediaUrl);
    if (request.statusCallback) form.append('StatusCallback', request.statusCallback);
    return this.request('POST', 'Messages.json', form, parseTwilioMessage);
  }

  createCall(request: TwilioCallRequest): Promise<TwilioResult<TwilioCall>> {
    const form = new URLSearchParams({ To: request.to, From: request.from, Twiml: request.twiml });
    if (request.statusCallback) {
      form.append('StatusCallback', request.statusCallback);
      form.append('StatusCallbackEvent', 'completed');
    }
    return this.request('POST', 'Calls.json', form, parseTwilioCall);
  }

  /** The account's numbers equal to `phoneNumber` (E.164): one when the account owns it. */
  findIncomingNumbers(phoneNumber: string): Promise<TwilioResult<TwilioIncomingNumbers>> {
    const query = new URLSearchParams({ PhoneNumber: phoneNumber });
    return this.request(
      'GET',
      `IncomingPhoneNumbers.json?${query}`,
      undefined,
      parseTwilioIncomingNumbers,
    );
  }

  private async request<T>(
    method: 'GET' | 'POST',
    resource: string,
    form: URLSearchParams | undefined,
    parse: Parse<T>,
  ): Promise<TwilioResult<T>> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(twilioAccountUrl(this.config, resource), {
        method,
        headers: this.headers(form !== undefined),
        body: form?.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return failed({ kind: 'unreachable', reason: describeFetchFailure(error, this.timeoutMs) });
    }
    const body = parseJson(text);
    if (response.ok) {
      const value = parse(body);
      if (value !== undefined) return { ok: true, value };
      const reason = `Twilio answered HTTP ${response.status} with an unexpected body: ${excerpt(text)}`;
      return failed({ kind: 'unreadable', httpStatus: response.status, reason });
    }
    return failed({
      kind: 'rejected',
      httpStatus: response.status,
      error: parseTwilioError(body, excerpt(text)),
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
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

function failed<T>(failure: TwilioFailure): TwilioResult<T> {
  return { ok: false, failure };
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
