import { Injectable } from '@nestjs/common';
import { whileHoldingAdvisoryLock } from '@clarion/persistence';
import { DataSource } from 'typeorm';
import { LockedPhoneNumber, NumberOffer } from './locked-phone-number';
import { PHONE_NUMBER_COLUMNS, PhoneNumberRow } from './phone-number.row';

const PURGE_LOCK = 'clarion:numbers:released-purge';

/** Did `whileHoldingNumber` get the number's lock, and what did the work answer. */
export type HeldResult<T> = { held: true; value: T } | { held: false };

@Injectable()
export class PhoneNumbersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in a transaction holding the number's advisory lock, so two orders of one number
   * (or an order and the purge) never interleave; answers `held: false` at once when another
   * transaction has it. The lock goes with the transaction, committed or rolled back.
   */
  async whileHoldingNumber<T>(
    phoneNumber: string,
    work: (number: LockedPhoneNumber) => Promise<T>,
  ): Promise<HeldResult<T>> {
    return this.dataSource.transaction(async (manager) => {
      const [lock]: { acquired: boolean }[] = await manager.query(
        `SELECT pg_try_advisory_xact_lock(hashtextextended('clarion:numbers:number:' || $1, 0)) AS acquired`,
        [phoneNumber],
      );
      if (!lock?.acquired) return { held: false };
      return { held: true, value: await work(new LockedPhoneNumber(manager, phoneNumber)) };
    });
  }

  /** Runs `work` holding the purge's session lock; undefined at once when another replica has it. */
  async whileHoldingPurgeLock<T>(work: () => Promise<T>): Promise<T | undefined> {
    return whileHoldingAdvisoryLock(this.dataSource, PURGE_LOCK, work);
  }

  /** Which of `phoneNumbers` an account holds, active or released and not yet purged. */
  async heldAmong(phoneNumbers: string[]): Promise<Set<string>> {
    if (phoneNumbers.length === 0) return new Set();
    const rows: { phone_number: string }[] = await this.dataSource.query(
      `SELECT phone_number FROM numbers.phone_numbers WHERE phone_number = ANY($1::text[])`,
      [phoneNumbers],
    );
    return new Set(rows.map((row) => row.phone_number));
  }

  /** The account's active numbers, oldest first. */
  listActive(accountId: string): Promise<PhoneNumberRow[]> {
    return this.dataSource.query(
      `SELECT ${PHONE_NUMBER_COLUMNS} FROM numbers.phone_numbers
        WHERE account_id = $1 AND status = 'active' ORDER BY created_at, phone_number`,
      [accountId],
    );
  }

  /** The account's numbers released after `since`, newest release first. */
  listReleasedAfter(accountId: string, since: Date): Promise<PhoneNumberRow[]> {
    return this.dataSource.query(
      `SELECT ${PHONE_NUMBER_COLUMNS} FROM numbers.phone_numbers
        WHERE account_id = $1 AND status = 'released' AND released_at > $2
        ORDER BY released_at DESC, phone_number`,
      [accountId, since],
    );
  }

  async find(accountId: string, phoneNumber: string): Promise<PhoneNumberRow | undefined> {
    const [row]: PhoneNumberRow[] = await this.dataSource.query(
      `SELECT ${PHONE_NUMBER_COLUMNS} FROM numbers.phone_numbers
        WHERE phone_number = $1 AND account_id = $2`,
      [phoneNumber, accountId],
    );
    return row;
  }

  /** The active number, whichever account holds it. */
  async findActive(phoneNumber: string): Promise<PhoneNumberRow | undefined> {
    const [row]: PhoneNumberRow[] = await this.dataSource.query(
      `SELECT ${PHONE_NUMBER_COLUMNS} FROM numbers.phone_numbers
        WHERE phone_number = $1 AND status = 'active'`,
      [phoneNumber],
    );
    return row;
  }

  /** Releases an active number of the account and unbinds it; undefined when there is none. */
  async release(
    accountId: string,
    phoneNumber: string,
    now: Date,
  ): Promise<PhoneNumberRow | undefined> {
    const [row]: PhoneNumberRow[] = await this.dataSource.query(
      `WITH released AS (
         UPDATE numbers.phone_numbers SET status = 'released', released_at = $3, agent_id = NULL
          WHERE phone_number = $1 AND account_id = $2 AND status = 'active' RETURNING *
       ) SELECT ${PHONE_NUMBER_COLUMNS} FROM released`,
      [phoneNumber, accountId, now],
    );
    return row;
  }

  /** Binds an active number of the account that no other agent has; undefined otherwise. */
  async bind(
    accountId: string,
    phoneNumber: string,
    agentId: string,
  ): Promise<PhoneNumberRow | undefined> {
    const [row]: PhoneNumberRow[] = await this.dataSource.query(
      `WITH bound AS (
         UPDATE numbers.phone_numbers SET agent_id = $3
          WHERE phone_number = $1 AND account_id = $2 AND status = 'active'
            AND (agent_id IS NULL OR agent_id = $3)
          RETURNING *
       ) SELECT ${PHONE_NUMBER_COLUMNS} FROM bound`,
      [phoneNumber, accountId, agentId],
    );
    return row;
  }

  /** Unbinds the agent's numbers (or one of them); answers the numbers unbound. */
  async unbind(accountId: string, agentId: string, phoneNumber?: string): Promise<string[]> {
    const rows: { phone_number: string }[] = await this.dataSource.query(
      `WITH unbound AS (
         UPDATE numbers.phone_numbers SET agent_id = NULL
          WHERE account_id = $1 AND agent_id = $2 AND ($3::text IS NULL OR phone_number = $3)
          RETURNING phone_number
       ) SELECT phone_number FROM unbound`,
      [accountId, agentId, phoneNumber ?? null],
    );
    return rows.map((row) => row.phone_number).sort();
  }

  /** Keeps what a search said about the numbers it offered, for the order that may follow. */
  async rememberOffers(offers: NumberOffer[], now: Date): Promise<void> {
    if (offers.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO numbers.offered_numbers
         (phone_number, country, number_type, features, monthly_price, offered_at)
       SELECT o."phoneNumber", o."countryCode", o."numberType",
              ARRAY(SELECT jsonb_array_elements_text(o.features)), o."monthlyPrice", $2
         FROM jsonb_to_recordset($1::jsonb) AS o("phoneNumber" text, "countryCode" text,
              "numberType" text, features jsonb, "monthlyPrice" numeric)
       ON CONFLICT (phone_number) DO UPDATE SET
         country = EXCLUDED.country, number_type = EXCLUDED.number_type,
         features = EXCLUDED.features, monthly_price = EXCLUDED.monthly_price,
         offered_at = EXCLUDED.offered_at`,
      [JSON.stringify(offers), now],
    );
  }

  /** Forgets offers made before `before`; says how many. */
  async forgetOffersBefore(before: Date): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `WITH gone AS (DELETE FROM numbers.offered_numbers WHERE offered_at < $1 RETURNING 1)
       SELECT count(*)::int AS count FROM gone`,
      [before],
    );
    return row?.count ?? 0;
  }

  /** Up to `limit` numbers released at or before `cutoff`, oldest release first. */
  async releasedUpTo(cutoff: Date, limit: number): Promise<string[]> {
    const rows: { phone_number: string }[] = await this.dataSource.query(
      `SELECT phone_number FROM numbers.phone_numbers
        WHERE status = 'released' AND released_at <= $1 ORDER BY released_at LIMIT $2`,
      [cutoff, limit],
    );
    return rows.map((row) => row.phone_number);
  }
}
