import { brandRuleViolations } from './brand-rules';

const messagesOf = (brand: Parameters<typeof brandRuleViolations>[0]) =>
  brandRuleViolations(brand).map((v) => v.message);

describe(brandRuleViolations.name, () => {
  const company = { businessType: 'PRIVATE_PROFIT', country: 'US', taxId: '12-3456789' };
  const sole = { businessType: 'SOLE_PROPRIETOR', country: 'US', firstName: 'Ada', lastName: 'L' };

  it('accepts a company with an EIN and a sole proprietor with first and last name', () => {
    expect(messagesOf(company)).toEqual([]);
    expect(messagesOf({ ...company, taxId: '123456789' })).toEqual([]);
    expect(messagesOf(sole)).toEqual([]);
  });

  it('requires firstName and lastName when businessType is SOLE_PROPRIETOR', () => {
    expect(messagesOf({ ...sole, firstName: undefined, lastName: '  ' })).toEqual([
      'firstName is required when businessType is SOLE_PROPRIETOR',
      'lastName is required when businessType is SOLE_PROPRIETOR',
    ]);
    expect(brandRuleViolations({ ...sole, lastName: null }).map((v) => v.field)).toEqual([
      'lastName',
    ]);
  });

  it('does not require names of other business types, but checks them when given', () => {
    expect(messagesOf(company)).toEqual([]);
    expect(messagesOf({ ...company, firstName: 42 })).toEqual(['firstName must be a string']);
    expect(messagesOf({ ...company, lastName: 'x'.repeat(101) })).toEqual([
      'lastName must be at most 100 characters',
    ]);
  });

  it.each(['PRIVATE_PROFIT', 'PUBLIC_PROFIT', 'NON_PROFIT', 'GOVERNMENT'])(
    'requires taxId when businessType is %s',
    (businessType) => {
      expect(messagesOf({ businessType, country: 'US' })).toEqual([
        'taxId is required unless businessType is SOLE_PROPRIETOR',
      ]);
    },
  );

  it('does not require taxId of a sole proprietor, nor when businessType is itself invalid', () => {
    expect(messagesOf(sole)).toEqual([]);
    expect(messagesOf({ businessType: 'LLC', country: 'US' })).toEqual([]);
  });

  it('requires a 9-digit EIN for country US', () => {
    for (const taxId of ['12345678', '1234567890', '12-34567', 'ABCDEFGHI', '123-45-6789']) {
      expect(messagesOf({ ...company, taxId })).toEqual([
        'taxId must be a 9-digit EIN for country US',
      ]);
    }
    expect(messagesOf({ ...company, country: 'us', taxId: '98-7654321' })).toEqual([]);
  });

  it('requires a 9-digit BN for country CA', () => {
    expect(messagesOf({ ...company, country: 'CA', taxId: '123456789' })).toEqual([]);
    expect(messagesOf({ ...company, country: 'CA', taxId: '12-3456789' })).toEqual([
      'taxId must be a 9-digit BN for country CA',
    ]);
  });

  it('checks the tax id of a sole proprietor too when one is given', () => {
    expect(messagesOf({ ...sole, taxId: '123' })).toEqual([
      'taxId must be a 9-digit EIN for country US',
    ]);
  });

  it('takes the national business tax identifier of other countries', () => {
    expect(messagesOf({ ...company, country: 'DE', taxId: 'DE123456789' })).toEqual([]);
    expect(messagesOf({ ...company, country: 'GB', taxId: 'GB 123 4567 89' })).toEqual([]);
    expect(messagesOf({ ...company, country: 'DE', taxId: '#' })).toEqual([
      expect.stringMatching(/^taxId must be a national business tax identifier/),
    ]);
    expect(messagesOf({ ...company, country: 'DE', taxId: 'X'.repeat(33) })).toHaveLength(1);
  });
});
