import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ResolvedKey {
  keyId: string;
  accountId: string;
  envId: string;
  clientId: string;
}

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The live (not revoked) key with this hash, with its environment's clientId. */
  async findLiveByHash(keyHash: string): Promise<ResolvedKey | undefined> {
    const rows: ResolvedKey[] = await this.dataSource.query(
      `SELECT k.id AS "keyId", k.account_id AS "accountId", k.env_id AS "envId", e.client_id AS "clientId"
         FROM billing.api_keys k
         JOIN billing.environments e ON e.id = k.env_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [keyHash],
    );
    return rows[0];
  }
}
