import { RegistrationStatus, RegistrationSubject } from '@clarion/contracts';

/** The workflow columns brands and campaigns share. */
export interface RegistrationState {
  accountId: string;
  status: RegistrationStatus;
  statusReason?: string;
  carrierReference?: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface RegistrationStateRow {
  account_id: string;
  status: RegistrationStatus;
  status_reason: string | null;
  carrier_reference: string | null;
  created_at: Date;
  updated_at: Date;
}

export const TABLE_OF: Record<RegistrationSubject, string> = {
  brand: 'registrations.brands',
  campaign: 'registrations.campaigns',
};

export function stateOf(row: RegistrationStateRow): RegistrationState {
  return {
    accountId: row.account_id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.status_reason !== null && { statusReason: row.status_reason }),
    ...(row.carrier_reference !== null && { carrierReference: row.carrier_reference }),
  };
}

/** The column of a business field: `complianceContactEmail` → `compliance_contact_email`. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A row's business fields by their API names; SQL NULL becomes an absent field. */
export function fieldsOfRow<F extends string>(
  row: Record<string, unknown>,
  fields: readonly F[],
): Partial<Record<F, unknown>> {
  const found: Partial<Record<F, unknown>> = {};
  for (const field of fields) {
    const value = row[columnOf(field)];
    if (value !== null && value !== undefined) found[field] = value;
  }
  return found;
}

/** The given business fields of a stored brand or campaign that are set, and nothing else. */
export function setFieldsOf<T extends object, F extends keyof T>(
  stored: T,
  fields: readonly F[],
): Pick<T, F> {
  const found: Partial<Pick<T, F>> = {};
  for (const field of fields) {
    if (stored[field] !== undefined) found[field] = stored[field];
  }
  return found as Pick<T, F>;
}
