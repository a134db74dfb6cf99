import { callingCodeOf, countryOfNumber, UNKNOWN_COUNTRY } from './calling-codes';

describe('calling codes', () => {
  it.each([
    ['+14155550100', 'US'],
    ['+442071234567', 'GB'],
    ['+35312345678', 'IE'],
    ['+61298765432', 'AU'],
    ['+97231234567', 'IL'],
  ])('finds the country of %s by its calling code', (phoneNumber, country) => {
    expect(countryOfNumber(phoneNumber)).toBe(country);
  });

  it('answers ZZ for a calling code it does not know', () => {
    expect(countryOfNumber('+8881234567')).toBe(UNKNOWN_COUNTRY);
  });

  it('knows the calling code of a country, North American ones included', () => {
    expect(callingCodeOf('GB')).toBe('44');
    expect(callingCodeOf('CA')).toBe('1');
    expect(callingCodeOf('US')).toBe('1');
    expect(callingCodeOf('AQ')).toBeUndefined();
  });
});
