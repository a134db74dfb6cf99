/** Maximum lengths of the brand fields (those of The Campaign Registry, which carriers use). */
export const BRAND_LIMITS = {
  legalName: 255,
  displayName: 255,
  website: 100,
  street: 100,
  city: 100,
  state: 20,
  postalCode: 10,
  email: 100,
} as const;

/** class-transformer: country codes are stored upper case whatever the client sent. */
export function upperCaseCountryCode({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.toUpperCase() : value;
}
