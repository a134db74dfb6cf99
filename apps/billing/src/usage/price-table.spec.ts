import { DEFAULT_PRICES, priceTableFrom } from './price-table';

describe(priceTableFrom.name, () => {
  it('uses the defaults without configuration', () => {
    expect(priceTableFrom(undefined)).toEqual(DEFAULT_PRICES);
  });

  it('overrides only the channels named', () => {
    expect(priceTableFrom('{"sms":0.05}')).toEqual({ ...DEFAULT_PRICES, sms: 0.05 });
  });

  it('refuses unknown channels and negative prices', () => {
    expect(() => priceTableFrom('{"fax":1}')).toThrow(/fax/);
    expect(() => priceTableFrom('{"sms":-1}')).toThrow(/sms/);
  });
});
