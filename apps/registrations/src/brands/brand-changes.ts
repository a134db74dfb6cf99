import {
  BrandCreateDto,
  brandRuleViolations,
  BrandUpdateDto,
  ValidationFailedError,
} from '@clarion/contracts';
import { setFieldsOf } from '../workflow/registration-record';
import { BRAND_FIELDS, BrandFields, STRUCTURED_ADDRESS_FIELDS } from './brand-fields';

/** The brand a create body describes: displayName is legalName (spec 2.4, "on submit"). */
export function brandOfCreate(body: BrandCreateDto): BrandFields {
  const fields: Partial<Record<keyof BrandFields, string>> = {};
  for (const field of BRAND_FIELDS) {
    const value = (body as Partial<Record<keyof BrandFields, unknown>>)[field];
    if (typeof value === 'string' && value.trim()) fields[field] = value;
  }
  const brand = { ...fields, displayName: body.legalName } as BrandFields;
  assertBrandRules(brand);
  return brand;
}

export interface MergedBrand {
  brand: BrandFields;
  /** A structured address was given, so the legacy address text goes. */
  clearsFullAddress: boolean;
}

/**
 * Applies an update to a stored brand: given fields replace stored ones, null or an empty string
 * clears an optional one. displayName follows legalName when an update changes legalName without
 * naming displayName, and falls back to legalName when cleared. The merged brand must pass the
 * same rules as a create.
 */
export function mergeBrandUpdate(stored: BrandFields, update: BrandUpdateDto): MergedBrand {
  const merged: Partial<Record<keyof BrandFields, unknown>> = { ...brandFieldsOf(stored) };
  for (const field of BRAND_FIELDS) {
    const value = (update as Partial<Record<keyof BrandFields, unknown>>)[field];
    if (value === undefined) continue;
    if (value === null || (typeof value === 'string' && !value.trim())) delete merged[field];
    else merged[field] = value;
  }
  if (update.legalName !== undefined && update.displayName === undefined) {
    merged.displayName = merged.legalName;
  }
  merged.displayName ??= merged.legalName;
  const brand = merged as unknown as BrandFields;
  assertBrandRules(brand);
  return {
    brand,
    clearsFullAddress: STRUCTURED_ADDRESS_FIELDS.some((field) => update[field] !== undefined),
  };
}

/** Only the business fields of a stored brand. */
export function brandFieldsOf(stored: BrandFields): BrandFields {
  return setFieldsOf(stored, BRAND_FIELDS);
}

function assertBrandRules(brand: BrandFields): void {
  const violations = brandRuleViolations(brand);
  if (violations.length === 0) return;
  throw new ValidationFailedError(
    violations.map((v) => v.message).join('; '),
    'Correct the named fields; the rules apply to the brand as it would be after this request.',
  );
}
