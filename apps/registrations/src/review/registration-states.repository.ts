import { Injectable } from '@nestjs/common';
import {
  RegistrationStatus,
  RegistrationSubject,
  RegistrationSummaryDto,
} from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';
import {
  RegistrationState,
  RegistrationStateRow,
  stateOf,
  TABLE_OF,
} from '../workflow/registration-record';

interface SummaryRow {
  subject: RegistrationSubject;
  account_id: string;
  status: RegistrationStatus;
  status_reason: string | null;
  carrier_reference: string | null;
  updated_at: Date;
  legal_name: string;
}

/** Most registrations one list answers, oldest first (the review queue). */
const LIST_LIMIT = 500;

/** The workflow columns of brands and campaigns alike, for the operators' operations. */
@Injectable()
export class RegistrationStatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async lock(
    manager: EntityManager,
    subject: RegistrationSubject,
    accountId: string,
  ): Promise<RegistrationState | undefined> {
    const rows: RegistrationStateRow[] = await manager.query(
      `SELECT account_id, status, status_reason, carrier_reference, created_at, updated_at
         FROM ${TABLE_OF[subject]} WHERE account_id = $1 FOR UPDATE`,
      [accountId],
    );
    return rows[0] && stateOf(rows[0]);
  }

  /** Sets a status reached by an operator; the reason is the new status's (none clears it). */
  async setStatus(
    manager: EntityManager,
    subject: RegistrationSubject,
    accountId: string,
    change: { status: RegistrationStatus; statusReason?: string; carrierReference?: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE ${TABLE_OF[subject]}
          SET status = $2, status_reason = $3,
              carrier_reference = COALESCE($4, carrier_reference), updated_at = now()
        WHERE account_id = $1`,
      [accountId, change.status, change.statusReason ?? null, change.carrierReference ?? null],
    );
  }

  /** Registrations in a status, oldest change first, each with its brand's legal name. */
  list(filter: {
    status: RegistrationStatus;
    subject?: RegistrationSubject;
  }): Promise<RegistrationSummaryDto[]> {
    return this.summaries(filter.status, filter.subject ?? null, null);
  }

  async summary(
    subject: RegistrationSubject,
    accountId: string,
  ): Promise<RegistrationSummaryDto | undefined> {
    const [summary] = await this.summaries(null, subject, accountId);
    return summary;
  }

  private async summaries(
    status: RegistrationStatus | null,
    subject: RegistrationSubject | null,
    accountId: string | null,
  ): Promise<RegistrationSummaryDto[]> {
    const rows: SummaryRow[] = await this.dataSource.query(
      `SELECT r.subject, r.account_id, r.status, r.status_reason, r.carrier_reference, r.updated_at,
              b.legal_name
         FROM (
           SELECT 'brand' AS subject, account_id, status, status_reason, carrier_reference, updated_at
             FROM registrations.brands
           UNION ALL
           SELECT 'campaign', account_id, status, status_reason, carrier_reference, updated_at
             FROM registrations.campaigns WHERE status <> 'not_started'
         ) r
         JOIN registrations.brands b ON b.account_id = r.account_id
        WHERE ($1::text IS NULL OR r.status = $1)
          AND ($2::text IS NULL OR r.subject = $2)
          AND ($3::uuid IS NULL OR r.account_id = $3)
        ORDER BY r.updated_at, r.account_id, r.subject
        LIMIT ${LIST_LIMIT}`,
      [status, subject, accountId],
    );
    return rows.map((row) => ({
      accountId: row.account_id,
      subject: row.subject,
      status: row.status,
      legalName: row.legal_name,
      ...(row.status_reason !== null && { statusReason: row.status_reason }),
      ...(row.carrier_reference !== null && { carrierReference: row.carrier_reference }),
      updatedAt: row.updated_at.toISOString(),
    }));
  }
}
