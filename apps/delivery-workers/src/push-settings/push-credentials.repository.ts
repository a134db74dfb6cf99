import { Injectable } from '@nestjs/common';
import { ExpiringCache } from '@clarion/runtime';
import { DataSource } from 'typeorm';
import { PushCredentialsRow, PushPrivateKeys } from './push-private-keys';

export type PushProvider = 'fcm' | 'apn';

export interface StoredPushCredentials {
  credentials: Record<string, string>;
  updatedAt: string;
}

/** A row's private key as stored (sealed, or plaintext from before sealing). */
export interface StoredPrivateKey extends PushCredentialsRow {
  privateKey: string;
}

/** How long a replica trusts what it read; a change made through another replica shows after this. */
const CACHE_TTL_MS = 30_000;

/**
 * FCM and APNs credentials of each environment, read on every push and therefore cached. The
 * `privateKey` field is stored sealed (`PushPrivateKeys`); callers see it opened.
 */
@Injectable()
export class PushCredentialsRepository {
  private readonly cache = new ExpiringCache<StoredPushCredentials | undefined>(
    CACHE_TTL_MS,
    0,
    () => false,
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly privateKeys: PushPrivateKeys,
  ) {}

  find(envId: string, provider: PushProvider): Promise<StoredPushCredentials | undefined> {
    return this.cache.get(`${envId}:${provider}`, async () => {
      const rows: { account_id: string; credentials: Record<string, string>; updated_at: Date }[] =
        await this.dataSource.query(
          `SELECT account_id, credentials, updated_at FROM delivery.push_credentials
            WHERE env_id = $1 AND provider = $2`,
          [envId, provider],
        );
      const [row] = rows;
      if (!row) return undefined;
      const { privateKey, ...credentials } = row.credentials;
      const keyRow = { accountId: row.account_id, envId, provider };
      return {
        credentials: {
          ...credentials,
          ...(privateKey !== undefined && {
            privateKey: this.privateKeys.open(keyRow, privateKey),
          }),
        },
        updatedAt: row.updated_at.toISOString(),
      };
    });
  }

  async save(
    scope: { accountId: string; envId: string },
    provider: PushProvider,
    credentials: Record<string, string> & { privateKey: string },
  ): Promise<void> {
    const { accountId, envId } = scope;
    const privateKey = this.privateKeys.seal(
      { accountId, envId, provider },
      credentials.privateKey,
    );
    await this.dataSource.query(
      `INSERT INTO delivery.push_credentials (account_id, env_id, provider, credentials)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (env_id, provider) DO UPDATE SET credentials = EXCLUDED.credentials, updated_at = now()
       WHERE push_credentials.account_id = EXCLUDED.account_id`,
      [accountId, envId, provider, JSON.stringify({ ...credentials, privateKey })],
    );
    this.cache.delete(`${envId}:${provider}`);
  }

  async remove(scope: { accountId: string; envId: string }, provider: PushProvider): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM delivery.push_credentials WHERE account_id = $1 AND env_id = $2 AND provider = $3`,
      [scope.accountId, scope.envId, provider],
    );
    this.cache.delete(`${scope.envId}:${provider}`);
  }

  /**
   * Up to `limit` private keys that do not begin with `prefix` (plaintext, or sealed under another
   * master key), in key order after `after`.
   */
  async privateKeysNotStartingWith(
    prefix: string,
    after: PushCredentialsRow | undefined,
    limit: number,
  ): Promise<StoredPrivateKey[]> {
    const rows: { account_id: string; env_id: string; provider: string; private_key: string }[] =
      await this.dataSource.query(
        `SELECT account_id, env_id, provider, credentials->>'privateKey' AS private_key
           FROM delivery.push_credentials
          WHERE NOT starts_with(credentials->>'privateKey', $1)
            AND ($2::uuid IS NULL OR (env_id, provider) > ($2::uuid, $3::text))
          ORDER BY env_id, provider
          LIMIT $4`,
        [prefix, after?.envId ?? null, after?.provider ?? null, limit],
      );
    return rows.map((row) => ({
      accountId: row.account_id,
      envId: row.env_id,
      provider: row.provider,
      privateKey: row.private_key,
    }));
  }

  /**
   * Replaces a row's private key if it is still `stored`, so that credentials saved meanwhile
   * win and replicas doing the same at once change each row once. True when it was replaced.
   */
  async replacePrivateKey(stored: StoredPrivateKey, privateKey: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE delivery.push_credentials
          SET credentials = jsonb_set(credentials, '{privateKey}', to_jsonb($5::text))
        WHERE account_id = $1 AND env_id = $2 AND provider = $3
          AND credentials->>'privateKey' = $4`,
      [stored.accountId, stored.envId, stored.provider, stored.privateKey, privateKey],
    );
    return affected > 0;
  }
}
