/**
 * Calling codes of the countries a provider is likely to sell numbers in. North American
 * numbers (+1) count as US: an order of a number a search offered takes the country from that
 * search instead (numbers.offered_numbers).
 */
// prettier-ignore
const COUNTRY_BY_CALLING_CODE: Record<string, string> = {
  '1': 'US', '7': 'RU', '20': 'EG', '27': 'ZA', '30': 'GR', '31': 'NL', '32': 'BE', '33': 'FR',
  '34': 'ES', '36': 'HU', '39': 'IT', '40': 'RO', '41': 'CH', '43': 'AT', '44': 'GB', '45': 'DK',
  '46': 'SE', '47': 'NO', '48': 'PL', '49': 'DE', '51': 'PE', '52': 'MX', '54': 'AR', '55': 'BR',
  '56': 'CL', '57': 'CO', '60': 'MY', '61': 'AU', '62': 'ID', '63': 'PH', '64': 'NZ', '65': 'SG',
  '66': 'TH', '81': 'JP', '82': 'KR', '84': 'VN', '86': 'CN', '90': 'TR', '91': 'IN',
  '351': 'PT', '352': 'LU', '353': 'IE', '354': 'IS', '358': 'FI', '370': 'LT', '371': 'LV',
  '372': 'EE', '420': 'CZ', '421': 'SK', '852': 'HK', '886': 'TW', '971': 'AE', '972': 'IL',
};

/** ISO 3166-1 reserves ZZ for user assignment; it conventionally means "unknown". */
export const UNKNOWN_COUNTRY = 'ZZ';

/** The ISO 3166-1 alpha-2 country of an E.164 number, by its calling code. */
export function countryOfNumber(phoneNumber: string): string {
  const digits = phoneNumber.replace(/^\+/, '');
  for (const length of [3, 2, 1]) {
    const country = COUNTRY_BY_CALLING_CODE[digits.slice(0, length)];
    if (country) return country;
  }
  return UNKNOWN_COUNTRY;
}

const CALLING_CODE_BY_COUNTRY = new Map<string, string>([
  ...Object.entries(COUNTRY_BY_CALLING_CODE).map(([code, country]) => [country, code] as const),
  ['CA', '1'],
]);

/** The calling code of a country (`44` for GB), when the table above has it. */
export function callingCodeOf(countryCode: string): string | undefined {
  return CALLING_CODE_BY_COUNTRY.get(countryCode);
}
