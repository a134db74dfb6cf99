import { NumberFeature } from '@clarion/contracts';
import { AvailableNumber } from '../numbers-provider';

interface SandboxArea {
  code: string;
  locality: string;
  administrativeArea: string;
}

interface SandboxCountry {
  callingCode: string;
  /** Searched when a search names no area code. */
  areas: SandboxArea[];
}

const area = (code: string, locality: string, administrativeArea: string): SandboxArea => ({
  code,
  locality,
  administrativeArea,
});

/** Countries the sandbox has numbers for; others answer no numbers, like a provider would. */
const COUNTRIES: Record<string, SandboxCountry> = {
  US: {
    callingCode: '1',
    areas: [
      area('415', 'San Francisco', 'CA'),
      area('212', 'New York', 'NY'),
      area('312', 'Chicago', 'IL'),
      area('512', 'Austin', 'TX'),
      area('617', 'Boston', 'MA'),
      area('206', 'Seattle', 'WA'),
    ],
  },
  CA: {
    callingCode: '1',
    areas: [
      area('416', 'Toronto', 'ON'),
      area('604', 'Vancouver', 'BC'),
      area('514', 'Montréal', 'QC'),
    ],
  },
  GB: { callingCode: '44', areas: [area('20', 'London', 'ENG'), area('161', 'Manchester', 'ENG')] },
  IE: { callingCode: '353', areas: [area('1', 'Dublin', 'D')] },
  DE: { callingCode: '49', areas: [area('30', 'Berlin', 'BE'), area('89', 'München', 'BY')] },
  FR: { callingCode: '33', areas: [area('1', 'Paris', 'IDF')] },
  NL: { callingCode: '31', areas: [area('20', 'Amsterdam', 'NH')] },
  BE: { callingCode: '32', areas: [area('2', 'Bruxelles', 'BRU')] },
  CH: { callingCode: '41', areas: [area('44', 'Zürich', 'ZH')] },
  ES: { callingCode: '34', areas: [area('91', 'Madrid', 'MD')] },
  SE: { callingCode: '46', areas: [area('8', 'Stockholm', 'AB')] },
  PL: { callingCode: '48', areas: [area('22', 'Warszawa', 'MZ')] },
  AU: { callingCode: '61', areas: [area('2', 'Sydney', 'NSW'), area('3', 'Melbourne', 'VIC')] },
  NZ: { callingCode: '64', areas: [area('9', 'Auckland', 'AUK')] },
  JP: { callingCode: '81', areas: [area('3', 'Tokyo', '13')] },
  BR: { callingCode: '55', areas: [area('11', 'São Paulo', 'SP')] },
  MX: { callingCode: '52', areas: [area('55', 'Ciudad de México', 'CMX')] },
  ZA: { callingCode: '27', areas: [area('21', 'Cape Town', 'WC')] },
  IL: { callingCode: '972', areas: [area('3', 'Tel Aviv', 'TA')] },
};

/**
 * Every sandbox number is `+<calling code><area code>55501<nn>`: a hundred per area code. In
 * North America 555-0100 to 555-0199 are reserved for fiction, so no real line is ever shown.
 */
const SUBSCRIBER_PREFIX = '55501';
export const NUMBERS_PER_AREA = 100;
const NANP = '1';

/** What a sandbox number can do, fixed by its position so that every search agrees. */
function featuresAt(index: number, callingCode: string): NumberFeature[] {
  const features: NumberFeature[] = [];
  if (index % 10 !== 9) features.push('sms');
  if (callingCode === NANP && index % 4 !== 3) features.push('mms');
  if (index % 7 !== 6) features.push('voice');
  return features;
}

function numberOf(country: SandboxCountry, areaCode: string, index: number): string {
  return `+${country.callingCode}${areaCode}${SUBSCRIBER_PREFIX}${String(index).padStart(2, '0')}`;
}

/**
 * The sandbox's numbers of a country (and area code), in a fixed order: without an area code
 * the country's areas take turns. Empty for a country the sandbox does not know.
 */
export function sandboxInventory(countryCode: string, areaCode?: string): AvailableNumber[] {
  const country = COUNTRIES[countryCode];
  if (!country || (areaCode !== undefined && !isAreaCodeOf(country, areaCode))) return [];
  const areas: (Pick<SandboxArea, 'code'> & Partial<SandboxArea>)[] = areaCode
    ? [country.areas.find((known) => known.code === areaCode) ?? { code: areaCode }]
    : country.areas;
  const inventory: AvailableNumber[] = [];
  for (let index = 0; index < NUMBERS_PER_AREA; index++) {
    for (const { code, ...place } of areas) {
      inventory.push({
        phoneNumber: numberOf(country, code, index),
        countryCode,
        ...place,
        numberType: 'local',
        features: featuresAt(index, country.callingCode),
      });
    }
  }
  return inventory;
}

/** The sandbox's description of `phoneNumber`, or undefined when it is not a sandbox number. */
export function sandboxNumber(phoneNumber: string): AvailableNumber | undefined {
  for (const [countryCode, country] of Object.entries(COUNTRIES)) {
    const prefix = `+${country.callingCode}`;
    if (!phoneNumber.startsWith(prefix)) continue;
    const match = /^(\d+)55501(\d\d)$/.exec(phoneNumber.slice(prefix.length));
    if (!match?.[1] || !match[2] || !isAreaCodeOf(country, match[1])) continue;
    // North American area codes are shared: the sandbox's Canadian ones are Canada's.
    if (country.callingCode === NANP && countryCode === 'US' && isCanadian(match[1])) continue;
    const offered = sandboxInventory(countryCode, match[1]).find(
      (number) => number.phoneNumber === phoneNumber,
    );
    if (offered) return offered;
  }
  return undefined;
}

/** `(415) 555-0123` in North America, `+44 20 5550123` elsewhere. */
export function sandboxFriendlyName(phoneNumber: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phoneNumber);
  if (nanp) return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  for (const country of Object.values(COUNTRIES)) {
    const prefix = `+${country.callingCode}`;
    const subscriber = phoneNumber.slice(-7);
    if (phoneNumber.startsWith(prefix)) {
      return `${prefix} ${phoneNumber.slice(prefix.length, -7)} ${subscriber}`;
    }
  }
  return phoneNumber;
}

function isAreaCodeOf(country: SandboxCountry, areaCode: string): boolean {
  // North American area codes are three digits and never start with 0 or 1.
  return country.callingCode === NANP ? /^[2-9]\d\d$/.test(areaCode) : /^\d{1,5}$/.test(areaCode);
}

function isCanadian(areaCode: string): boolean {
  return COUNTRIES['CA']?.areas.some((known) => known.code === areaCode) ?? false;
}
