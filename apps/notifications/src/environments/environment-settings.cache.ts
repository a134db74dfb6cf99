import { Injectable } from '@nestjs/common';
import {
  BillingChange,
  Broadcasts,
  DomainError,
  EnvironmentSettings,
  ErrorCode,
  Requests,
} from '@clarion/contracts';
import { MessagingClient, OnBroadcast } from '@clarion/messaging';
import { ExpiringCache } from '@clarion/runtime';

const TTL_MS = 30_000;
const isNotFound = (error: unknown) =>
  error instanceof DomainError && error.code === ErrorCode.NOT_FOUND;

/**
 * Environment settings (disableSending) are read for every send, so they are cached and asked of
 * billing only when missing; billing's change broadcast drops an entry at once.
 */
@Injectable()
export class EnvironmentSettingsCache {
  private readonly settings = new ExpiringCache<EnvironmentSettings>(TTL_MS, TTL_MS, isNotFound);

  constructor(private readonly messaging: MessagingClient) {}

  /** The settings of each environment, one request per environment not cached. */
  async ofEnvironments(envIds: Iterable<string>): Promise<Map<string, EnvironmentSettings>> {
    const distinct = [...new Set(envIds)];
    const found = await Promise.all(
      distinct.map((envId) =>
        this.settings.get(envId, () =>
          this.messaging.request(Requests.environmentSettings, { envId }),
        ),
      ),
    );
    return new Map(found.map((settings) => [settings.envId, settings]));
  }

  @OnBroadcast(Broadcasts.billingChanges)
  forget(change: BillingChange): void {
    if (change.kind === 'environment-changed') this.settings.delete(change.envId);
  }
}
