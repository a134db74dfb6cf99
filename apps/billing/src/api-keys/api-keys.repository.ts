import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AccountStatus, ApiKeyType } from '@clarion/contracts';
import { DataSource, Repository } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

export interface ResolvedKey {
  keyId: string;
  accountId: string;
  envId: string;
  clientId: string;
  keyType: ApiKeyType;
  accountStatus: AccountStatus;
  usageLimited: boolean;
}

export type ListedKey = Omit<ApiKeyEntity, 'keyHash'> & { clientId: string };

@Injectable()
export class ApiKeysRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
  ) {}

  /** The live (not revoked) key with this hash, with its environment's clientId. */
  async findLiveByHash(keyHash: string): Promise<ResolvedKey | undefined> {
    const rows: ResolvedKey[] = await this.dataSource.query(
      `SELECT k.id AS "keyId", k.account_id AS "accountId", k.env_id AS "envId",
              e.client_id AS "clientId", k.key_type AS "keyType", a.status AS "accountStatus",
              a.usage_limited AS "usageLimited"
         FROM billing.api_keys k
         JOIN billing.environments e ON e.id = k.env_id
         JOIN billing.accounts a ON a.id = k.account_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [keyHash],
    );
    return rows[0];
  }

  /** Every key of the account, newest first, with the clientId of its environment. */
  listOfAccount(accountId: string): Promise<ListedKey[]> {
    return this.dataSource.query(
      `SELECT k.id, k.account_id AS "accountId", k.env_id AS "envId", k.name, k.key_type AS "keyType",
              k.key_hint AS "keyHint", k.revoked_at AS "revokedAt", k.created_at AS "createdAt",
              e.client_id AS "clientId"
         FROM billing.api_keys k
         JOIN billing.environments e ON e.id = k.env_id
        WHERE k.account_id = $1
        ORDER BY k.created_at DESC, k.id DESC`,
      [accountId],
    );
  }

  insert(key: Omit<ApiKeyEntity, 'createdAt'>): Promise<ApiKeyEntity> {
    return this.keys.save(this.keys.create(key));
  }

  findOfAccount(accountId: string, keyId: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ accountId, id: keyId });
  }

  async markRevoked(key: ApiKeyEntity): Promise<void> {
    await this.keys.update({ id: key.id, accountId: key.accountId }, { revokedAt: new Date() });
  }
}
