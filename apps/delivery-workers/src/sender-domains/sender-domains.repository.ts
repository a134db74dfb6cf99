import { Injectable } from '@nestjs/common';
import { SenderDomainStatus } from '@clarion/contracts';
import { DataSource } from 'typeorm';
import { ExpectedRecord } from './sender-domain-records';

/** A sender domain as stored: the private key still sealed. */
export interface SenderDomainRow {
  accountId: string;
  domain: string;
  selector: string;
  dkimPublicKey: string;
  sealedPrivateKey: string;
  status: SenderDomainStatus;
  records: ExpectedRecord[];
  createdAt: Date;
  lastSync: Date;
}

/** A domain's sealed DKIM key, as re-sealing reads it. */
export type SealedDkimKey = Pick<SenderDomainRow, 'accountId' | 'domain' | 'sealedPrivateKey'>;

interface StoredRow {
  account_id: string;
  domain: string;
  selector: string;
  dkim_public_key: string;
  dkim_private_key: string;
  status: SenderDomainStatus;
  records: ExpectedRecord[];
  created_at: Date;
  last_sync: Date;
}

const COLUMNS =
  'account_id, domain, selector, dkim_public_key, dkim_private_key, status, records, created_at, last_sync';

/** The sender domains of each account (`delivery.sender_domains`). */
@Injectable()
export class SenderDomainsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(accountId: string): Promise<SenderDomainRow[]> {
    const rows: StoredRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM delivery.sender_domains WHERE account_id = $1 ORDER BY created_at, domain`,
      [accountId],
    );
    return rows.map(rowOf);
  }

  async find(accountId: string, domain: string): Promise<SenderDomainRow | undefined> {
    const rows: StoredRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM delivery.sender_domains WHERE account_id = $1 AND domain = $2`,
      [accountId, domain],
    );
    return rows[0] && rowOf(rows[0]);
  }

  /** Stores a new domain; one the account already has keeps its key and records. */
  async insertIfAbsent(row: Omit<SenderDomainRow, 'createdAt' | 'lastSync'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO delivery.sender_domains
         (account_id, domain, selector, dkim_public_key, dkim_private_key, status, records)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (account_id, domain) DO NOTHING`,
      [
        row.accountId,
        row.domain,
        row.selector,
        row.dkimPublicKey,
        row.sealedPrivateKey,
        row.status,
        JSON.stringify(row.records),
      ],
    );
  }

  /** What a verification found; answers the row, or undefined if it was deleted meanwhile. */
  async recordVerification(
    accountId: string,
    domain: string,
    status: SenderDomainStatus,
    records: ExpectedRecord[],
  ): Promise<SenderDomainRow | undefined> {
    const rows: StoredRow[] = await this.dataSource.query(
      // A CTE so that the driver answers the rows (an UPDATE alone answers [rows, count]).
      `WITH updated AS (
         UPDATE delivery.sender_domains SET status = $3, records = $4, last_sync = now()
          WHERE account_id = $1 AND domain = $2
          RETURNING ${COLUMNS}
       ) SELECT * FROM updated`,
      [accountId, domain, status, JSON.stringify(records)],
    );
    return rows[0] && rowOf(rows[0]);
  }

  /** Keys not sealed under `prefix` (the current master key), a page at a time. */
  async keysNotStartingWith(
    prefix: string,
    after: SealedDkimKey | undefined,
    limit: number,
  ): Promise<SealedDkimKey[]> {
    const rows: { account_id: string; domain: string; dkim_private_key: string }[] =
      await this.dataSource.query(
        `SELECT account_id, domain, dkim_private_key FROM delivery.sender_domains
          WHERE NOT starts_with(dkim_private_key, $1)
            AND ($2::uuid IS NULL OR (account_id, domain) > ($2::uuid, $3::text))
          ORDER BY account_id, domain
          LIMIT $4`,
        [prefix, after?.accountId ?? null, after?.domain ?? null, limit],
      );
    return rows.map((row) => ({
      accountId: row.account_id,
      domain: row.domain,
      sealedPrivateKey: row.dkim_private_key,
    }));
  }

  /** Replaces a key if it is still `stored.sealedPrivateKey`; true when it was replaced. */
  async replaceKey(stored: SealedDkimKey, resealed: string): Promise<boolean> {
    const rows: { count: number }[] = await this.dataSource.query(
      `WITH replaced AS (
         UPDATE delivery.sender_domains SET dkim_private_key = $4
          WHERE account_id = $1 AND domain = $2 AND dkim_private_key = $3 RETURNING 1
       ) SELECT count(*)::int AS count FROM replaced`,
      [stored.accountId, stored.domain, stored.sealedPrivateKey, resealed],
    );
    return (rows[0]?.count ?? 0) > 0;
  }

  /** True when there was such a domain. */
  async delete(accountId: string, domain: string): Promise<boolean> {
    const rows: { count: number }[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM delivery.sender_domains WHERE account_id = $1 AND domain = $2 RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [accountId, domain],
    );
    return (rows[0]?.count ?? 0) > 0;
  }
}

function rowOf(row: StoredRow): SenderDomainRow {
  return {
    accountId: row.account_id,
    domain: row.domain,
    selector: row.selector,
    dkimPublicKey: row.dkim_public_key,
    sealedPrivateKey: row.dkim_private_key,
    status: row.status,
    records: row.records,
    createdAt: row.created_at,
    lastSync: row.last_sync,
  };
}
