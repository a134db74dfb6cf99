import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { describeValidationErrors } from '../validation/describe-validation-errors';
import { OrderPhoneNumberDto } from './order-phone-number.dto';
import { SearchAvailableNumbersQueryDto } from './search-available-numbers.dto';

function validated<T extends object>(dto: new () => T, query: Record<string, unknown>) {
  const sut = plainToInstance(dto, query);
  const errors = validateSync(sut, { whitelist: true, forbidNonWhitelisted: true });
  return { value: sut, message: describeValidationErrors(errors) };
}

describe(SearchAvailableNumbersQueryDto.name, () => {
  it('accepts a full query and normalizes the country and the features', () => {
    const { value, message } = validated(SearchAvailableNumbersQueryDto, {
      countryCode: 'us',
      areaCode: '415',
      features: 'SMS, voice,sms',
      limit: '25',
    });
    expect(message).toBe('');
    expect(value).toEqual({
      countryCode: 'US',
      areaCode: '415',
      features: ['sms', 'voice'],
      limit: 25,
    });
  });

  it('takes repeated features parameters as well as a comma-separated one', () => {
    const { value } = validated(SearchAvailableNumbersQueryDto, {
      countryCode: 'GB',
      features: ['mms', 'voice,sms'],
    });
    expect(value.features).toEqual(['mms', 'voice', 'sms']);
  });

  it.each([
    [{}, 'countryCode must be an ISO 3166-1 alpha-2 country code such as US'],
    [{ countryCode: 'USA' }, 'countryCode must be an ISO 3166-1 alpha-2 country code'],
    [{ countryCode: 'XX' }, 'countryCode must be an ISO 3166-1 alpha-2 country code'],
    [{ countryCode: 'US', areaCode: '41a' }, 'areaCode must be 1 to 6 digits'],
    [{ countryCode: 'US', features: 'sms,fax' }, 'each of features must be one of sms, mms, voice'],
    [{ countryCode: 'US', limit: '0' }, 'limit must not be less than 1'],
    [{ countryCode: 'US', limit: '51' }, 'limit must not be greater than 50'],
    [{ countryCode: 'US', limit: 'ten' }, 'limit must be an integer number'],
  ])('rejects %j naming the field', (query, expected) => {
    expect(validated(SearchAvailableNumbersQueryDto, query).message).toContain(expected);
  });

  it('leaves the limit to its default of 10 when absent', () => {
    expect(
      validated(SearchAvailableNumbersQueryDto, { countryCode: 'US' }).value.limit,
    ).toBeUndefined();
  });
});

describe(OrderPhoneNumberDto.name, () => {
  it.each(['+14155550100', '+442055501234'])('accepts the E.164 number %s', (phoneNumber) => {
    expect(validated(OrderPhoneNumberDto, { phoneNumber }).message).toBe('');
  });

  it.each(['14155550100', '+1 415 555 0100', '+0155501', '', undefined])(
    'rejects %j',
    (phoneNumber) => {
      expect(validated(OrderPhoneNumberDto, { phoneNumber }).message).toContain(
        'phoneNumber must be an E.164 number',
      );
    },
  );
});
