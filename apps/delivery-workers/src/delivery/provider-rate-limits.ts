/** A provider's requests per second in this process: callers wait for their turn. */
class PacedProvider {
  private nextFreeAt = 0;

  constructor(private readonly perSecond: number) {}

  async take(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextFreeAt);
    this.nextFreeAt = at + 1000 / this.perSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/**
 * Per-provider rate limits from configuration (PROVIDER_RATE_LIMITS). Requests beyond the rate
 * are spaced out rather than refused, so a burst is sent as fast as the provider allows.
 */
export class ProviderRateLimits {
  private readonly providers = new Map<string, PacedProvider>();

  constructor(limits: Map<string, number>) {
    for (const [provider, perSecond] of limits) {
      if (perSecond > 0) this.providers.set(provider, new PacedProvider(perSecond));
    }
  }

  /** Resolves when the provider may be called; at once for a provider without a limit. */
  async take(provider: string): Promise<void> {
    await this.providers.get(provider)?.take();
  }
}
