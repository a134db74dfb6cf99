import { Injectable } from '@nestjs/common';
import { ExpiringCache } from '@clarion/runtime';
import { DataSource } from 'typeorm';

export type PushProvider = 'fcm' | 'apn';

export interface StoredPushCredentials {
  credentials: Record<string, string>;
  updatedAt: string;
}

/** How long a replica trusts what it read; a change made through another replica shows after this. */
const CACHE_TTL_MS = 30_000;

/** FCM and APNs credentials of each environment, read on every push and therefore cached. */
@Injectable()
export class PushCredentialsRepository {
  private readonly cache = new ExpiringCache<StoredPushCredentials | undefined>(
    CACHE_TTL_MS,
    0,
    () => false,
  );

  constructor(private readonly dataSource: DataSource) {}

  find(envId: string, provider: PushProvider): Promise<StoredPushCredentials | undefined> {
    return this.cache.get(`${envId}:${provider}`, async () => {
      const rows: { credentials: Record<string, string>; updated_at: Date }[] =
        await this.dataSource.query(
          `SELECT credentials, updated_at FROM delivery.push_credentials
            WHERE env_id = $1 AND provider = $2`,
          [envId, provider],
        );
      const [row] = rows;
      return row && { credentials: row.credentials, updatedAt: row.updated_at.toISOString() };
    });
  }

  async save(
    scope: { accountId: string; envId: string },
    provider: PushProvider,
    credentials: Record<string, string>,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO delivery.push_credentials (account_id, env_id, provider, credentials)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (env_id, provider) DO UPDATE SET credentials = EXCLUDED.credentials, updated_at = now()
       WHERE push_credentials.account_id = EXCLUDED.account_id`,
      [scope.accountId, scope.envId, provider, JSON.stringify(credentials)],
    );
    this.cache.delete(`${scope.envId}:${provider}`);
  }

  async remove(scope: { accountId: string; envId: string }, provider: PushProvider): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM delivery.push_credentials WHERE account_id = $1 AND env_id = $2 AND provider = $3`,
      [scope.accountId, scope.envId, provider],
    );
    this.cache.delete(`${scope.envId}:${provider}`);
  }
}
