import { Injectable } from '@nestjs/common';
import { whileHoldingAdvisoryLock } from '@clarion/persistence';
import { DataSource } from 'typeorm';

const FEES_LOCK = 'clarion:numbers:fees';

/** An active number whose current month is not charged yet. */
export interface NumberDue {
  phoneNumber: string;
  accountId: string;
  monthlyPrice: number;
  createdAt: Date;
  chargedUntil: Date | null;
}

@Injectable()
export class NumberFeesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Active numbers (or the one given) not charged up to `now`, longest due first. */
  due(now: Date, limit: number, phoneNumber?: string): Promise<NumberDue[]> {
    return this.dataSource.query(
      `SELECT phone_number AS "phoneNumber", account_id AS "accountId",
              monthly_price::float8 AS "monthlyPrice", created_at AS "createdAt",
              charged_until AS "chargedUntil"
         FROM numbers.phone_numbers
        WHERE status = 'active' AND (charged_until IS NULL OR charged_until <= $1)
          AND ($3::text IS NULL OR phone_number = $3)
        ORDER BY charged_until NULLS FIRST LIMIT $2`,
      [now, limit, phoneNumber ?? null],
    );
  }

  /** Notes the months charged, in one statement; a number charged further already keeps that. */
  async charged(numbers: { phoneNumber: string; until: Date }[]): Promise<void> {
    if (numbers.length === 0) return;
    await this.dataSource.query(
      `UPDATE numbers.phone_numbers AS n SET charged_until = c.until
         FROM unnest($1::text[], $2::timestamptz[]) AS c (phone_number, until)
        WHERE n.phone_number = c.phone_number
          AND (n.charged_until IS NULL OR n.charged_until < c.until)`,
      [numbers.map((n) => n.phoneNumber), numbers.map((n) => n.until)],
    );
  }

  async whileHoldingFeesLock<T>(work: () => Promise<T>): Promise<T | undefined> {
    return whileHoldingAdvisoryLock(this.dataSource, FEES_LOCK, work);
  }
}
