import { PhoneNumberDto } from '@clarion/contracts';
import { nextBillingDate } from '../fees/billing-periods';
import { PhoneNumberRow } from './phone-number.row';

/** A stored number as records.md shows it (ListPhoneNumbersResponseNumbersInner). */
export function toPhoneNumberResponse(row: PhoneNumberRow, now: Date): PhoneNumberDto {
  // A released number is paid up to the end of its current month (no refund), and not after.
  const billedAfter = row.releasedAt ?? now;
  return {
    phoneNumber: row.phoneNumber,
    ...(row.label !== null && { label: row.label }),
    createdAt: row.createdAt.toISOString(),
    countryCode: row.countryCode,
    numberType: row.numberType,
    billingStatus: row.status,
    nextBillingDate: nextBillingDate(row.createdAt, billedAfter).toISOString(),
    monthlyPrice: row.monthlyPrice,
    ...(row.a2pStatus !== null && { a2pStatus: row.a2pStatus }),
    ...(row.releasedAt !== null && { releasedAt: row.releasedAt.toISOString() }),
    ...(row.agentId !== null && { boundAgentId: row.agentId }),
    features: row.features,
    provider: row.provider,
  };
}
