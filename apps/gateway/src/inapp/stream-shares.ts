import { DomainError, ErrorCode } from '@clarion/contracts';
import { GatewayEnv } from '../gateway.env';

/** The share of STREAMS_MAX one environment holds at most unless STREAMS_PER_ENVIRONMENT says. */
const ENVIRONMENT_SHARE = 1 / 4;
/** The share of STREAMS_MAX one client address holds at most unless STREAMS_PER_ADDRESS says. */
const ADDRESS_SHARE = 1 / 10;
/** Streams end when their clients leave or at their lifetime: a refused client waits a while. */
const RETRY_AFTER_SECONDS = 30;

export interface StreamShareLimits {
  perEnvironment: number;
  perAddress: number;
}

/** The configured shares, or by default a fraction of STREAMS_MAX (at least one stream). */
export function streamShareLimitsOf(env: GatewayEnv): StreamShareLimits {
  return {
    perEnvironment:
      env.STREAMS_PER_ENVIRONMENT ?? Math.max(1, Math.ceil(env.STREAMS_MAX * ENVIRONMENT_SHARE)),
    perAddress: env.STREAMS_PER_ADDRESS ?? Math.max(1, Math.ceil(env.STREAMS_MAX * ADDRESS_SHARE)),
  };
}

/** Where a stream comes from: its end user's environment and its client's address. */
export interface StreamOrigin {
  envId: string;
  address: string;
}

/**
 * The streams each environment and each client address hold on this replica, so that one of
 * them (a tenant's public clientId and made-up user ids are enough to open streams) cannot take
 * every stream STREAMS_MAX allows: beyond its share it is refused with 429, others still open.
 */
export class StreamShares {
  private readonly byEnvironment = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: StreamShareLimits) {}

  /**
   * Refuses a stream whose environment or address holds its share (429 with Retry-After).
   * `replacing`: the stream takes the place of one of its user's, so its environment's count
   * does not grow (a user reloading tabs is never refused for it).
   */
  admit(origin: StreamOrigin, replacing: boolean): void {
    const ofEnvironment = this.byEnvironment.get(origin.envId) ?? 0;
    if (!replacing && ofEnvironment >= this.limits.perEnvironment) throw shareFull('environment');
    if ((this.byAddress.get(origin.address) ?? 0) >= this.limits.perAddress) {
      throw shareFull('address');
    }
  }

  take(origin: StreamOrigin): void {
    increment(this.byEnvironment, origin.envId, 1);
    increment(this.byAddress, origin.address, 1);
  }

  release(origin: StreamOrigin): void {
    increment(this.byEnvironment, origin.envId, -1);
    increment(this.byAddress, origin.address, -1);
  }
}

function increment(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

function shareFull(holder: 'environment' | 'address'): DomainError {
  return new DomainError(
    ErrorCode.RATE_LIMITED,
    `This ${holder} holds as many in-app streams on this gateway as it may`,
    'Close the streams you no longer need (each open page holds one), or retry after the ' +
      'seconds of Retry-After.',
    RETRY_AFTER_SECONDS,
  );
}
