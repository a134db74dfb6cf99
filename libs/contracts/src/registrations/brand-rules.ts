/** Spec 2.4 scenarioId: own_brand (personal or company project), client_brand (agency or contractor). */
export const SCENARIO_IDS = ['own_brand', 'client_brand'] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];

export const BUSINESS_TYPES = [
  'PRIVATE_PROFIT',
  'SOLE_PROPRIETOR',
  'PUBLIC_PROFIT',
  'NON_PROFIT',
  'GOVERNMENT',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const PERSON_NAME_MAX_LENGTH = 100;
export const TAX_ID_MAX_LENGTH = 32;

/** The fields the cross-field rules read; values are unknown because they come from a body. */
export interface BrandRuleInput {
  businessType?: unknown;
  country?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  taxId?: unknown;
}

export type BrandRuleField = 'firstName' | 'lastName' | 'taxId';

export interface BrandRuleViolation {
  field: BrandRuleField;
  /** Names the field and the rule, e.g. `taxId must be a 9-digit EIN for country US`. */
  message: string;
}

/** The tax identifier each country requires (spec 2.4); other countries take their national one. */
const TAX_ID_FORMATS: Record<string, { pattern: RegExp; message: string }> = {
  US: { pattern: /^\d{2}-?\d{7}$/, message: 'taxId must be a 9-digit EIN for country US' },
  CA: { pattern: /^\d{9}$/, message: 'taxId must be a 9-digit BN for country CA' },
};
const NATIONAL_TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,31}$/;

/**
 * The rules of spec 2.4 that depend on other fields: first and last name for sole proprietors,
 * the tax id for everyone else, and its format by country. Used on create bodies and on the
 * merged result of an update, so both answer the same messages.
 */
export function brandRuleViolations(brand: BrandRuleInput): BrandRuleViolation[] {
  const soleProprietor = brand.businessType === 'SOLE_PROPRIETOR';
  const violations: BrandRuleViolation[] = [];
  for (const field of ['firstName', 'lastName'] as const) {
    const message = personNameProblem(field, brand[field], soleProprietor);
    if (message) violations.push({ field, message });
  }
  const taxIdMessage = taxIdProblem(brand);
  if (taxIdMessage) violations.push({ field: 'taxId', message: taxIdMessage });
  return violations;
}

function personNameProblem(
  field: 'firstName' | 'lastName',
  value: unknown,
  soleProprietor: boolean,
): string | undefined {
  if (isBlank(value)) {
    return soleProprietor ? `${field} is required when businessType is SOLE_PROPRIETOR` : undefined;
  }
  if (typeof value !== 'string') return `${field} must be a string`;
  if (value.length > PERSON_NAME_MAX_LENGTH) {
    return `${field} must be at most ${PERSON_NAME_MAX_LENGTH} characters`;
  }
  return undefined;
}

function taxIdProblem(brand: BrandRuleInput): string | undefined {
  const { taxId, businessType, country } = brand;
  if (isBlank(taxId)) {
    const known = BUSINESS_TYPES.some((type) => type === businessType);
    return known && businessType !== 'SOLE_PROPRIETOR'
      ? 'taxId is required unless businessType is SOLE_PROPRIETOR'
      : undefined;
  }
  if (typeof taxId !== 'string') return 'taxId must be a string';
  const format = typeof country === 'string' ? TAX_ID_FORMATS[country.toUpperCase()] : undefined;
  if (format) return format.pattern.test(taxId) ? undefined : format.message;
  return NATIONAL_TAX_ID.test(taxId)
    ? undefined
    : `taxId must be a national business tax identifier (2 to ${TAX_ID_MAX_LENGTH} letters, digits, spaces, dots, dashes or slashes)`;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}
