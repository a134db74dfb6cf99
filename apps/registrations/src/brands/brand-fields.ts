import { BusinessType, ScenarioId } from '@clarion/contracts';
import { RegistrationState } from '../workflow/registration-record';

/** The business fields of a brand (spec 2.4), as stored. */
export interface BrandFields {
  scenarioId: ScenarioId;
  businessType: BusinessType;
  legalName: string;
  displayName: string;
  firstName?: string;
  lastName?: string;
  taxId?: string;
  website: string;
  country: string;
  street?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  complianceContactEmail: string;
  complianceContactPhone: string;
}

export const BRAND_FIELDS = [
  'scenarioId',
  'businessType',
  'legalName',
  'displayName',
  'firstName',
  'lastName',
  'taxId',
  'website',
  'country',
  'street',
  'city',
  'state',
  'postalCode',
  'complianceContactEmail',
  'complianceContactPhone',
] as const satisfies readonly (keyof BrandFields)[];

export const STRUCTURED_ADDRESS_FIELDS = ['street', 'city', 'state', 'postalCode'] as const;

export interface StoredBrand extends BrandFields, RegistrationState {
  /** Address text of legacy records (imported), until a structured address replaces it. */
  fullAddress?: string;
}
