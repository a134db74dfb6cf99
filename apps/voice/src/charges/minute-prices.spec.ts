import { DEFAULT_MINUTE_PRICES, MINUTE_PRICES_FORMAT, MinutePrices } from './minute-prices';

describe(MinutePrices.name, () => {
  it('prices each source by its entry, spaces allowed', () => {
    const sut = MinutePrices.parse(' pstn = 0.02 ,web=0');
    expect(sut.of('pstn')).toBe(0.02);
    expect(sut.of('web')).toBe(0);
  });

  it('keeps the default price of a source left out', () => {
    const sut = MinutePrices.parse('pstn=1');
    expect(sut.of('pstn')).toBe(1);
    expect(sut.of('web')).toBe(DEFAULT_MINUTE_PRICES.web);
  });

  it('parses the default setting to the default prices', () => {
    const sut = MinutePrices.parse('pstn=0.015,web=0.005');
    expect({ pstn: sut.of('pstn'), web: sut.of('web') }).toEqual(DEFAULT_MINUTE_PRICES);
  });

  it.each(['', 'pstn', 'pstn=', 'sip=0.01', 'pstn=-1', 'pstn=1e3', 'pstn=0.01;web=0.01', 'PSTN=1'])(
    'refuses %j',
    (text) => {
      expect(MINUTE_PRICES_FORMAT.test(text)).toBe(false);
      expect(() => MinutePrices.parse(text)).toThrow('VOICE_MINUTE_PRICES must look like');
    },
  );
});
