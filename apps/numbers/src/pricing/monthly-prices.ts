/** Twilio's price of a US local number, used for countries the configuration does not name. */
export const DEFAULT_MONTHLY_PRICE = 1.15;

/** What an account pays per number and month, by country (NUMBER_MONTHLY_PRICES). */
export class MonthlyPrices {
  private constructor(
    private readonly byCountry: ReadonlyMap<string, number>,
    private readonly otherwise: number,
  ) {}

  /** `US=1.15,AU=3,*=1.15`; `*` is every other country. */
  static parse(text: string): MonthlyPrices {
    const pairs = text
      .split(',')
      .map((pair) => pair.split('=').map((part) => part.trim()))
      .filter((parts): parts is [string, string] => parts.length === 2 && parts[0] !== '')
      .map(([country, price]) => [country.toUpperCase(), Number(price)] as const);
    const byCountry = new Map(pairs.filter(([country]) => country !== '*'));
    const otherwise = pairs.find(([country]) => country === '*')?.[1] ?? DEFAULT_MONTHLY_PRICE;
    return new MonthlyPrices(byCountry, otherwise);
  }

  of(countryCode: string): number {
    return this.byCountry.get(countryCode.toUpperCase()) ?? this.otherwise;
  }
}
