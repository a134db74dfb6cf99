import { Injectable } from '@nestjs/common';
import { ExpiringCache } from '@clarion/runtime';
import { DataSource } from 'typeorm';
import { generateVapidKeys, VapidKeys } from './vapid-keys';

const CACHE_TTL_MS = 10 * 60_000;

/** One VAPID key pair per environment, generated the first time anyone asks for it. */
@Injectable()
export class VapidKeysRepository {
  private readonly cache = new ExpiringCache<VapidKeys>(CACHE_TTL_MS, 0, () => false);

  constructor(private readonly dataSource: DataSource) {}

  keysOf(scope: { accountId: string; envId: string }): Promise<VapidKeys> {
    return this.cache.get(scope.envId, async () => {
      const stored = await this.find(scope);
      if (stored) return stored;
      const generated = generateVapidKeys();
      // Two replicas may generate at once: the first insert wins and both read it back.
      await this.dataSource.query(
        `INSERT INTO delivery.vapid_keys (env_id, account_id, public_key, private_key)
         VALUES ($1, $2, $3, $4) ON CONFLICT (env_id) DO NOTHING`,
        [scope.envId, scope.accountId, generated.publicKey, generated.privateKey],
      );
      const kept = await this.find(scope);
      if (!kept) throw new Error(`no VAPID keys for environment ${scope.envId}`);
      return kept;
    });
  }

  private async find(scope: { accountId: string; envId: string }): Promise<VapidKeys | undefined> {
    const rows: { public_key: string; private_key: string }[] = await this.dataSource.query(
      `SELECT public_key, private_key FROM delivery.vapid_keys WHERE env_id = $1 AND account_id = $2`,
      [scope.envId, scope.accountId],
    );
    const [row] = rows;
    return row && { publicKey: row.public_key, privateKey: row.private_key };
  }
}
