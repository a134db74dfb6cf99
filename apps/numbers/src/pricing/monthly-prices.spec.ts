import { DEFAULT_MONTHLY_PRICE, MonthlyPrices } from './monthly-prices';

describe(MonthlyPrices.name, () => {
  it('prices a named country by its entry and any other by the star entry', () => {
    const sut = MonthlyPrices.parse('US=1.15, AU = 3 ,*=2.5');
    expect(sut.of('US')).toBe(1.15);
    expect(sut.of('au')).toBe(3);
    expect(sut.of('GB')).toBe(2.5);
  });

  it('falls back to the US local price when there is no star entry', () => {
    expect(MonthlyPrices.parse('AU=3').of('DE')).toBe(DEFAULT_MONTHLY_PRICE);
  });
});
