import { Injectable } from '@nestjs/common';
import { InboxAddressType, TenantScope } from '@clarion/contracts';
import { DataSource, QueryFailedError } from 'typeorm';

/** An inbox address as stored: mail to `fullAddress` belongs to this environment. */
export interface InboxAddress {
  accountId: string;
  envId: string;
  fullAddress: string;
  prefix: string;
  domain: string;
  type: InboxAddressType;
  displayName?: string;
  createdAt: Date;
}

/** What a change of an address may set. */
export interface InboxAddressChange {
  fullAddress: string;
  prefix: string;
  displayName: string | null;
}

interface StoredRow {
  account_id: string;
  env_id: string;
  full_address: string;
  prefix: string;
  domain: string;
  type: InboxAddressType;
  display_name: string | null;
  created_at: Date;
}

const COLUMNS = 'account_id, env_id, full_address, prefix, domain, type, display_name, created_at';

/**
 * A custom address receives only while a sender domain of its account that is the address's
 * domain, or a parent of it, is verified: a removed or failed domain stops its mail at once.
 */
const STILL_VERIFIED = `(a.type = 'builtin' OR EXISTS (
  SELECT 1 FROM delivery.sender_domains d
   WHERE d.account_id = a.account_id AND d.status = 'SUCCESS'
     AND (a.domain = d.domain OR right(a.domain, length(d.domain) + 1) = '.' || d.domain)))`;

/** The inbox addresses of each environment (`delivery.inbox_addresses`). */
@Injectable()
export class InboxAddressesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The address mail to `fullAddress` is for (any case), as the inbound listener asks at RCPT TO;
   * undefined for an unknown address or a custom one whose domain is no longer verified.
   */
  async findByFullAddress(fullAddress: string): Promise<InboxAddress | undefined> {
    const rows: StoredRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM delivery.inbox_addresses a
        WHERE a.full_address = lower($1) AND ${STILL_VERIFIED}`,
      [fullAddress],
    );
    return rows[0] && addressOf(rows[0]);
  }

  async list({ accountId, envId }: TenantScope): Promise<InboxAddress[]> {
    const rows: StoredRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM delivery.inbox_addresses
        WHERE account_id = $1 AND env_id = $2 ORDER BY created_at, full_address`,
      [accountId, envId],
    );
    return rows.map(addressOf);
  }

  async find(
    { accountId, envId }: TenantScope,
    fullAddress: string,
  ): Promise<InboxAddress | undefined> {
    const rows: StoredRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM delivery.inbox_addresses
        WHERE account_id = $1 AND env_id = $2 AND full_address = lower($3)`,
      [accountId, envId, fullAddress],
    );
    return rows[0] && addressOf(rows[0]);
  }

  async findBuiltin({ accountId, envId }: TenantScope): Promise<InboxAddress | undefined> {
    const rows: StoredRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM delivery.inbox_addresses
        WHERE account_id = $1 AND env_id = $2 AND type = 'builtin'`,
      [accountId, envId],
    );
    return rows[0] && addressOf(rows[0]);
  }

  /** Stores a new address; undefined when the address, or the environment's built-in one, exists. */
  async insert(address: Omit<InboxAddress, 'createdAt'>): Promise<InboxAddress | undefined> {
    const rows: StoredRow[] = await this.dataSource.query(
      `INSERT INTO delivery.inbox_addresses
         (account_id, env_id, full_address, prefix, domain, type, display_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        address.accountId,
        address.envId,
        address.fullAddress,
        address.prefix,
        address.domain,
        address.type,
        address.displayName ?? null,
      ],
    );
    return rows[0] && addressOf(rows[0]);
  }

  /**
   * Renames or relabels an address; undefined when the tenant has no such address, 'taken' when
   * the new address belongs to someone (this tenant or another).
   */
  async update(
    { accountId, envId }: TenantScope,
    fullAddress: string,
    change: InboxAddressChange,
  ): Promise<InboxAddress | 'taken' | undefined> {
    try {
      const rows: StoredRow[] = await this.dataSource.query(
        // A CTE so that the driver answers the rows (an UPDATE alone answers [rows, count]).
        `WITH updated AS (
           UPDATE delivery.inbox_addresses SET full_address = $4, prefix = $5, display_name = $6
            WHERE account_id = $1 AND env_id = $2 AND full_address = lower($3)
            RETURNING ${COLUMNS}
         ) SELECT * FROM updated`,
        [accountId, envId, fullAddress, change.fullAddress, change.prefix, change.displayName],
      );
      return rows[0] && addressOf(rows[0]);
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /** True when the tenant had such an address. */
  async delete({ accountId, envId }: TenantScope, fullAddress: string): Promise<boolean> {
    const rows: { count: number }[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM delivery.inbox_addresses
          WHERE account_id = $1 AND env_id = $2 AND full_address = lower($3) RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [accountId, envId, fullAddress],
    );
    return (rows[0]?.count ?? 0) > 0;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string } | undefined)?.code === '23505'
  );
}

function addressOf(row: StoredRow): InboxAddress {
  return {
    accountId: row.account_id,
    envId: row.env_id,
    fullAddress: row.full_address,
    prefix: row.prefix,
    domain: row.domain,
    type: row.type,
    ...(row.display_name !== null && { displayName: row.display_name }),
    createdAt: row.created_at,
  };
}
