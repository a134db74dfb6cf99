import { Injectable } from '@nestjs/common';
import { RegistrationStatus } from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';
import {
  columnOf,
  fieldsOfRow,
  RegistrationStateRow,
  stateOf,
} from '../workflow/registration-record';
import { BRAND_FIELDS, BrandFields, StoredBrand } from './brand-fields';

type BrandRow = RegistrationStateRow & Record<string, unknown> & { full_address: string | null };

const COLUMNS = BRAND_FIELDS.map(columnOf);

/** The brand registration of each account (registrations.brands). */
@Injectable()
export class BrandsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(accountId: string): Promise<StoredBrand | undefined> {
    const rows: BrandRow[] = await this.dataSource.query(
      `SELECT * FROM registrations.brands WHERE account_id = $1`,
      [accountId],
    );
    return rows[0] && storedOf(rows[0]);
  }

  /** The brand, locked until the transaction ends, so edits and reviews of it take turns. */
  async lock(manager: EntityManager, accountId: string): Promise<StoredBrand | undefined> {
    const rows: BrandRow[] = await manager.query(
      `SELECT * FROM registrations.brands WHERE account_id = $1 FOR UPDATE`,
      [accountId],
    );
    return rows[0] && storedOf(rows[0]);
  }

  /** Whether the account has a brand; its row stays as it is until the transaction ends. */
  async exists(manager: EntityManager, accountId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM registrations.brands WHERE account_id = $1 FOR KEY SHARE`,
      [accountId],
    );
    return rows.length > 0;
  }

  /** Inserts the account's brand; undefined when the account has one already. */
  async insert(
    manager: EntityManager,
    accountId: string,
    brand: BrandFields,
    status: RegistrationStatus,
  ): Promise<StoredBrand | undefined> {
    const rows: BrandRow[] = await manager.query(
      `INSERT INTO registrations.brands (account_id, status, ${COLUMNS.join(', ')})
       VALUES ($1, $2, ${COLUMNS.map((_, i) => `$${i + 3}`).join(', ')})
       ON CONFLICT (account_id) DO NOTHING
       RETURNING *`,
      [accountId, status, ...valuesOf(brand)],
    );
    return rows[0] && storedOf(rows[0]);
  }

  /** Replaces the business fields; a new status clears the reason of the previous one. */
  async update(
    manager: EntityManager,
    accountId: string,
    change: { brand: BrandFields; status: RegistrationStatus; clearsFullAddress: boolean },
  ): Promise<StoredBrand> {
    const assignments = COLUMNS.map((column, i) => `${column} = $${i + 4}`).join(', ');
    const rows: BrandRow[] = await manager.query(
      `WITH changed AS (
         UPDATE registrations.brands
            SET ${assignments},
                status_reason = CASE WHEN status = $2 THEN status_reason END,
                status = $2,
                full_address = CASE WHEN $3 THEN NULL ELSE full_address END,
                updated_at = now()
          WHERE account_id = $1
          RETURNING *
       ) SELECT * FROM changed`,
      [accountId, change.status, change.clearsFullAddress, ...valuesOf(change.brand)],
    );
    const [row] = rows;
    if (!row) throw new Error(`brand of account ${accountId} vanished while locked`);
    return storedOf(row);
  }
}

function valuesOf(brand: BrandFields): (string | null)[] {
  return BRAND_FIELDS.map((field) => brand[field] ?? null);
}

function storedOf(row: BrandRow): StoredBrand {
  return {
    ...(fieldsOfRow(row, BRAND_FIELDS) as unknown as BrandFields),
    ...stateOf(row),
    ...(row.full_address !== null && { fullAddress: row.full_address }),
  };
}
