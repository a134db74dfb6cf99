import { Injectable } from '@nestjs/common';
import { CampaignFields, RegistrationStatus } from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';
import {
  columnOf,
  fieldsOfRow,
  RegistrationState,
  RegistrationStateRow,
  stateOf,
} from '../workflow/registration-record';
import { CAMPAIGN_FIELDS } from './campaign-changes';

export type StoredCampaign = CampaignFields & RegistrationState;

type CampaignRow = RegistrationStateRow & Record<string, unknown>;

const COLUMNS = CAMPAIGN_FIELDS.map(columnOf);

/** The campaign registration of each account (registrations.campaigns). */
@Injectable()
export class CampaignsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(accountId: string): Promise<StoredCampaign | undefined> {
    const rows: CampaignRow[] = await this.dataSource.query(
      `SELECT * FROM registrations.campaigns WHERE account_id = $1`,
      [accountId],
    );
    return rows[0] && storedOf(rows[0]);
  }

  /** The account's campaign, locked until the transaction ends. */
  async lock(manager: EntityManager, accountId: string): Promise<StoredCampaign | undefined> {
    const rows: CampaignRow[] = await manager.query(
      `SELECT * FROM registrations.campaigns WHERE account_id = $1 FOR UPDATE`,
      [accountId],
    );
    return rows[0] && storedOf(rows[0]);
  }

  /**
   * The account's campaign, locked until the transaction ends; a first write finds an empty one
   * in not_started (gone again if the transaction rolls back). The account must have a brand.
   */
  async lockOrStart(manager: EntityManager, accountId: string): Promise<StoredCampaign> {
    await manager.query(
      `INSERT INTO registrations.campaigns (account_id, status) VALUES ($1, 'not_started')
       ON CONFLICT (account_id) DO NOTHING`,
      [accountId],
    );
    const campaign = await this.lock(manager, accountId);
    if (!campaign) throw new Error(`campaign of account ${accountId} vanished while locked`);
    return campaign;
  }

  /** Replaces the business fields; a new status clears the reason of the previous one. */
  async update(
    manager: EntityManager,
    accountId: string,
    change: { campaign: CampaignFields; status: RegistrationStatus },
  ): Promise<StoredCampaign> {
    const assignments = COLUMNS.map((column, i) => `${column} = $${i + 3}`).join(', ');
    const rows: CampaignRow[] = await manager.query(
      `WITH changed AS (
         UPDATE registrations.campaigns
            SET ${assignments},
                status_reason = CASE WHEN status = $2 THEN status_reason END,
                status = $2,
                updated_at = now()
          WHERE account_id = $1
          RETURNING *
       ) SELECT * FROM changed`,
      [accountId, change.status, ...CAMPAIGN_FIELDS.map((field) => change.campaign[field] ?? null)],
    );
    const [row] = rows;
    if (!row) throw new Error(`campaign of account ${accountId} vanished while locked`);
    return storedOf(row);
  }
}

function storedOf(row: CampaignRow): StoredCampaign {
  return { ...(fieldsOfRow(row, CAMPAIGN_FIELDS) as CampaignFields), ...stateOf(row) };
}
