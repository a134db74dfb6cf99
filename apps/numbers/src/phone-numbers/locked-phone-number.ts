import { NumberA2pStatus, NumberFeature } from '@clarion/contracts';
import { EntityManager } from 'typeorm';
import { PHONE_NUMBER_COLUMNS, PhoneNumberRow } from './phone-number.row';

/** What a search said about a number it offered. */
export interface NumberOffer {
  phoneNumber: string;
  countryCode: string;
  numberType: string;
  features: NumberFeature[];
  monthlyPrice: number;
}

/**
 * One number inside the transaction that holds its lock: nothing else orders or purges it
 * until the transaction ends, and a failure rolls every write back.
 */
export class LockedPhoneNumber {
  constructor(
    private readonly manager: EntityManager,
    readonly phoneNumber: string,
  ) {}

  async current(): Promise<PhoneNumberRow | undefined> {
    const [row]: PhoneNumberRow[] = await this.manager.query(
      `SELECT ${PHONE_NUMBER_COLUMNS} FROM numbers.phone_numbers WHERE phone_number = $1 FOR UPDATE`,
      [this.phoneNumber],
    );
    return row;
  }

  async offer(): Promise<NumberOffer | undefined> {
    const [offer]: NumberOffer[] = await this.manager.query(
      `SELECT phone_number AS "phoneNumber", country AS "countryCode", number_type AS "numberType",
              features, monthly_price::float8 AS "monthlyPrice"
         FROM numbers.offered_numbers WHERE phone_number = $1`,
      [this.phoneNumber],
    );
    return offer;
  }

  async insert(row: Omit<PhoneNumberRow, 'phoneNumber'>): Promise<void> {
    await this.manager.query(
      `INSERT INTO numbers.phone_numbers
         (phone_number, account_id, order_id, status, provider, provider_sid, country, number_type,
          label, features, monthly_price, a2p_status, agent_id, created_at, released_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        this.phoneNumber,
        row.accountId,
        row.orderId,
        row.status,
        row.provider,
        row.providerSid,
        row.countryCode,
        row.numberType,
        row.label,
        row.features,
        row.monthlyPrice,
        row.a2pStatus,
        row.agentId,
        row.createdAt,
        row.releasedAt,
      ],
    );
  }

  /** The account gets its released number back as it was: same createdAt, no binding. */
  async reactivate(orderId: string): Promise<void> {
    await this.manager.query(
      `UPDATE numbers.phone_numbers SET status = 'active', released_at = NULL, order_id = $2
        WHERE phone_number = $1`,
      [this.phoneNumber, orderId],
    );
  }

  /** A number past its release window, still on the provider account, ordered anew. */
  async takeOver(
    accountId: string,
    orderId: string,
    now: Date,
    a2pStatus: NumberA2pStatus | null,
  ): Promise<void> {
    await this.manager.query(
      `UPDATE numbers.phone_numbers
          SET account_id = $2, order_id = $3, status = 'active', created_at = $4,
              released_at = NULL, agent_id = NULL, charged_until = NULL, a2p_status = $5
        WHERE phone_number = $1`,
      [this.phoneNumber, accountId, orderId, now, a2pStatus],
    );
  }

  async delete(): Promise<void> {
    await this.manager.query(`DELETE FROM numbers.phone_numbers WHERE phone_number = $1`, [
      this.phoneNumber,
    ]);
  }
}
