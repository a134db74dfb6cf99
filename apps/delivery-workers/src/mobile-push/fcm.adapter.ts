import { MobilePushDeliveryJob, PushTokenDto } from '@clarion/contracts';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { FcmAnswer, fcmOutcomeOf } from './fcm-outcome';
import { fcmMessageOf } from './fcm-message';
import { describeFetchError } from './fetch-failure';
import { GoogleAccessTokens, GoogleTokenExchangeError } from './google-access-tokens';
import {
  DEFAULT_PUSH_REQUEST_TIMEOUT_MS,
  FcmCredentials,
  MobilePushConfig,
} from './push-credentials';
import { retryAfterMs } from '../delivery/retry-after';

/** FCM could not be reached or did not answer in time. */
class FcmUnreachableError extends Error {}

/** Sends mobile push through FCM HTTP v1 (`projects.messages.send`) with a service account. */
export class FcmAdapter {
  private readonly accessTokens: GoogleAccessTokens;
  private readonly timeoutMs: number;

  constructor(private readonly config: MobilePushConfig) {
    this.timeoutMs = config.requestTimeoutMs ?? DEFAULT_PUSH_REQUEST_TIMEOUT_MS;
    this.accessTokens = new GoogleAccessTokens(config.googleOAuthTokenUrl, this.timeoutMs);
  }

  async send(
    job: MobilePushDeliveryJob,
    token: PushTokenDto,
    credentials: FcmCredentials,
    _ctx: AttemptContext,
  ): Promise<ProviderOutcome> {
    const body = JSON.stringify({ message: fcmMessageOf(job, token.token, Date.now()) });
    try {
      let answer = await this.post(body, credentials);
      if (answer.status === 401) {
        // The cached access token was revoked or expired early: one more try with a fresh one.
        answer = await this.post(body, credentials);
      }
      return fcmOutcomeOf(answer, token.token);
    } catch (error) {
      return outcomeOfThrown(error);
    }
  }

  private async post(body: string, credentials: FcmCredentials): Promise<FcmAnswer> {
    const accessToken = await this.accessTokens.accessTokenFor(credentials);
    const url = `${this.config.fcmBaseUrl}/v1/projects/${encodeURIComponent(credentials.projectId)}/messages:send`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new FcmUnreachableError(describeFetchError(error));
    }
    if (response.status === 401) this.accessTokens.invalidate(credentials.clientEmail, accessToken);
    return {
      status: response.status,
      body: parsedJson(text),
      ...optionalRetryAfter(retryAfterMs(response.headers.get('retry-after'))),
    };
  }
}

function outcomeOfThrown(error: unknown): ProviderOutcome {
  if (error instanceof FcmUnreachableError) {
    return { status: 'retry', reason: `FCM request failed: ${error.message}` };
  }
  if (error instanceof GoogleTokenExchangeError) {
    return error.retryable
      ? { status: 'retry', reason: error.message, ...optionalRetryAfter(error.retryAfterMs) }
      : { status: 'failed', code: 'UNKNOWN', reason: error.message };
  }
  // A private key that does not parse: a configuration fault no retry will cure.
  return {
    status: 'failed',
    code: 'UNKNOWN',
    reason: `FCM credentials unusable: ${error instanceof Error ? error.message : String(error)}`,
  };
}

function optionalRetryAfter(retryAfterMs: number | undefined): { retryAfterMs?: number } {
  return retryAfterMs !== undefined ? { retryAfterMs } : {};
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
