import { OnModuleDestroy } from '@nestjs/common';
import { MobilePushDeliveryJob, PushTokenDto } from '@clarion/contracts';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { apnsOutcomeOf, isProviderTokenRefused } from './apns-outcome';
import { ApnsProviderTokens } from './apns-provider-tokens';
import { apnsOriginOf, ApnsRequest, apnsRequestOf } from './apns-request';
import { Http2Answer, Http2Sessions, Http2TimeoutError } from './http2-sessions';
import {
  ApnCredentials,
  DEFAULT_PUSH_REQUEST_TIMEOUT_MS,
  MobilePushConfig,
} from './push-credentials';

/** Sends mobile push to APNs over HTTP/2 with token-based (.p8 key) authentication. */
export class ApnsAdapter implements OnModuleDestroy {
  private readonly providerTokens = new ApnsProviderTokens();
  private readonly sessions: Http2Sessions;

  constructor(private readonly config: MobilePushConfig) {
    this.sessions = new Http2Sessions(config.requestTimeoutMs ?? DEFAULT_PUSH_REQUEST_TIMEOUT_MS);
  }

  async send(
    job: MobilePushDeliveryJob,
    token: PushTokenDto,
    credentials: ApnCredentials,
    ctx: AttemptContext,
  ): Promise<ProviderOutcome> {
    const origin = apnsOriginOf(this.config, token);
    const request = apnsRequestOf(
      job,
      token.token,
      credentials.bundleId,
      ctx.idempotencyKey,
      Date.now(),
    );
    let providerToken: string;
    try {
      providerToken = this.providerTokens.providerTokenFor(credentials);
    } catch (error) {
      return {
        status: 'failed',
        code: 'UNKNOWN',
        reason: `APNs key unusable: ${messageOf(error)}`,
      };
    }
    try {
      let answer = await this.post(origin, request, providerToken);
      if (isProviderTokenRefused(answer)) {
        this.providerTokens.invalidate(credentials, providerToken);
        answer = await this.post(
          origin,
          request,
          this.providerTokens.providerTokenFor(credentials),
        );
      }
      return apnsOutcomeOf(answer, token.token, request.apnsId);
    } catch (error) {
      const reason =
        error instanceof Http2TimeoutError
          ? `APNs request timed out: ${error.message}`
          : `APNs request failed: ${messageOf(error)}`;
      return { status: 'retry', reason };
    }
  }

  /** Closes the HTTP/2 sessions once their streams are done. */
  close(): Promise<void> {
    return this.sessions.close();
  }

  /** Open sessions would keep the process alive after Nest shuts the module down. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  private post(origin: string, request: ApnsRequest, providerToken: string): Promise<Http2Answer> {
    return this.sessions.request(
      origin,
      { ...request.headers, authorization: `bearer ${providerToken}` },
      request.body,
    );
  }
}

function messageOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
