import {
  DEFAULT_TWILIO_TIMEOUT_MS,
  isTwilioSuccess,
  parseTwilioError,
  TwilioApiError,
  TwilioRestClient,
} from '@clarion/providers';
import { retryAfterMs } from '../delivery/retry-after';
import { TwilioConfig } from './twilio-config';
import {
  parseTwilioCall,
  parseTwilioIncomingNumbers,
  parseTwilioMessage,
  TwilioCall,
  TwilioIncomingNumbers,
  TwilioMessage,
} from './twilio-responses';

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

/** The messages, calls and numbers the delivery adapters use, as outcomes they act on. */
export class TwilioClient {
  private readonly rest: TwilioRestClient;

  constructor(
    readonly config: TwilioConfig,
    timeoutMs: number = DEFAULT_TWILIO_TIMEOUT_MS,
  ) {
    this.rest = new TwilioRestClient(config, timeoutMs);
  }

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
    const answer = await this.rest.request(method, resource, form);
    if (answer.kind === 'unreachable') {
      return failed({ kind: 'unreachable', reason: answer.reason });
    }
    if (isTwilioSuccess(answer)) {
      const value = parse(answer.body);
      if (value !== undefined) return { ok: true, value };
      const reason = `Twilio answered HTTP ${answer.httpStatus} with an unexpected body: ${answer.excerpt}`;
      return failed({ kind: 'unreadable', httpStatus: answer.httpStatus, reason });
    }
    return failed({
      kind: 'rejected',
      httpStatus: answer.httpStatus,
      error: parseTwilioError(answer.body, answer.excerpt),
      retryAfterMs: retryAfterMs(answer.retryAfter),
    });
  }
}

function failed<T>(failure: TwilioFailure): TwilioResult<T> {
  return { ok: false, failure };
}
