import {
  NUMBERS_PER_AREA,
  sandboxFriendlyName,
  sandboxInventory,
  sandboxNumber,
} from './sandbox-inventory';

describe('sandbox inventory', () => {
  it('answers the same numbers for the same country and area code every time', () => {
    expect(sandboxInventory('US', '415')).toEqual(sandboxInventory('US', '415'));
    const [first] = sandboxInventory('US', '415');
    expect(first).toEqual({
      phoneNumber: '+14155550100',
      countryCode: 'US',
      locality: 'San Francisco',
      administrativeArea: 'CA',
      numberType: 'local',
      features: ['sms', 'mms', 'voice'],
    });
  });

  it('offers a hundred distinct E.164 numbers per area code, in the fictional 555-01xx range', () => {
    const numbers = sandboxInventory('US', '917').map((number) => number.phoneNumber);
    expect(new Set(numbers).size).toBe(NUMBERS_PER_AREA);
    expect(numbers.every((number) => /^\+191755501\d\d$/.test(number))).toBe(true);
  });

  it("takes turns between the country's areas when no area code is given", () => {
    const places = sandboxInventory('US')
      .slice(0, 3)
      .map((number) => number.locality);
    expect(places).toEqual(['San Francisco', 'New York', 'Chicago']);
  });

  it('varies what numbers can do, and gives MMS only in North America', () => {
    const us = sandboxInventory('US', '415');
    expect(us.filter((number) => !number.features.includes('voice')).length).toBeGreaterThan(0);
    expect(us.filter((number) => !number.features.includes('sms')).length).toBeGreaterThan(0);
    expect(sandboxInventory('GB').some((number) => number.features.includes('mms'))).toBe(false);
  });

  it('has no numbers for a country it does not know or an impossible area code', () => {
    expect(sandboxInventory('AQ')).toEqual([]);
    expect(sandboxInventory('US', '015')).toEqual([]);
    expect(sandboxInventory('US', '41')).toEqual([]);
  });

  it('recognizes its own numbers, with their country, and nothing else', () => {
    expect(sandboxNumber('+14155550142')).toMatchObject({
      countryCode: 'US',
      locality: 'San Francisco',
    });
    expect(sandboxNumber('+16045550100')).toMatchObject({
      countryCode: 'CA',
      locality: 'Vancouver',
    });
    expect(sandboxNumber('+44205550107')).toMatchObject({ countryCode: 'GB' });
    expect(sandboxNumber('+14155550200')).toBeUndefined();
    expect(sandboxNumber('+14155551234')).toBeUndefined();
    expect(sandboxNumber('+9995550100')).toBeUndefined();
  });

  it('names numbers the way people write them', () => {
    expect(sandboxFriendlyName('+14155550142')).toBe('(415) 555-0142');
    expect(sandboxFriendlyName('+44205550107')).toBe('+44 20 5550107');
  });
});
