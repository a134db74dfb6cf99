import {
  NumberA2pStatus,
  NumberBillingStatus,
  NumberFeature,
  NumbersProviderName,
} from '@clarion/contracts';

/** A row of `numbers.phone_numbers`, as the repositories read and write it. */
export interface PhoneNumberRow {
  phoneNumber: string;
  accountId: string;
  orderId: string;
  status: NumberBillingStatus;
  provider: NumbersProviderName;
  providerSid: string;
  countryCode: string;
  numberType: string;
  label: string | null;
  features: NumberFeature[];
  monthlyPrice: number;
  a2pStatus: NumberA2pStatus | null;
  agentId: string | null;
  createdAt: Date;
  releasedAt: Date | null;
}

/** The select list that reads a row into a PhoneNumberRow. */
export const PHONE_NUMBER_COLUMNS = `
  phone_number AS "phoneNumber", account_id AS "accountId", order_id AS "orderId", status,
  provider, provider_sid AS "providerSid", country AS "countryCode", number_type AS "numberType",
  label, features, monthly_price::float8 AS "monthlyPrice", a2p_status AS "a2pStatus",
  agent_id AS "agentId", created_at AS "createdAt", released_at AS "releasedAt"`;
