import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describeValidationErrors } from '../validation/describe-validation-errors';
import { BrandCreateDto } from './brand-create.dto';
import { BrandUpdateDto } from './brand-update.dto';
import { CampaignUpdateDto } from './campaign-update.dto';

async function problemsOf(dto: new () => object, body: object): Promise<string> {
  return describeValidationErrors(
    await validate(plainToInstance(dto, body), { forbidUnknownValues: false }),
  );
}

const validBrand = {
  scenarioId: 'own_brand',
  businessType: 'PRIVATE_PROFIT',
  legalName: 'Acme Inc.',
  taxId: '12-3456789',
  website: 'https://acme.example.com',
  country: 'US',
  complianceContactEmail: 'compliance@acme.example.com',
  complianceContactPhone: '+14155550100',
};

describe('BrandCreateDto', () => {
  it('accepts the create fields of spec 2.4, with or without the structured address', async () => {
    expect(await problemsOf(BrandCreateDto, validBrand)).toBe('');
    expect(
      await problemsOf(BrandCreateDto, {
        ...validBrand,
        website: 'acme.com',
        street: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
      }),
    ).toBe('');
  });

  it('names every missing required field', async () => {
    const problems = await problemsOf(BrandCreateDto, {});
    for (const field of [
      'scenarioId',
      'businessType',
      'legalName',
      'website',
      'country',
      'complianceContactEmail',
      'complianceContactPhone',
    ]) {
      expect(problems).toContain(`${field} is required`);
    }
  });

  it('names the enum rules of scenarioId and businessType', async () => {
    expect(await problemsOf(BrandCreateDto, { ...validBrand, scenarioId: 'mine' })).toBe(
      'scenarioId must be one of own_brand, client_brand',
    );
    expect(await problemsOf(BrandCreateDto, { ...validBrand, businessType: 'LLC' })).toBe(
      'businessType must be one of PRIVATE_PROFIT, SOLE_PROPRIETOR, PUBLIC_PROFIT, NON_PROFIT, GOVERNMENT',
    );
  });

  it('wants a well-formed website, email and phone', async () => {
    expect(await problemsOf(BrandCreateDto, { ...validBrand, website: 'not a site' })).toBe(
      'website must be a well-formed http(s) URL, e.g. https://example.com',
    );
    expect(await problemsOf(BrandCreateDto, { ...validBrand, website: 'ftp://acme.com' })).toMatch(
      /^website must be a well-formed/,
    );
    expect(
      await problemsOf(BrandCreateDto, { ...validBrand, complianceContactEmail: 'acme' }),
    ).toBe('complianceContactEmail must be an email address');
    expect(
      await problemsOf(BrandCreateDto, { ...validBrand, complianceContactPhone: '415-555-0100' }),
    ).toBe('complianceContactPhone must be a phone number in E.164 format, e.g. +14155550100');
  });

  it('wants an ISO country code, and stores it upper case', async () => {
    expect(await problemsOf(BrandCreateDto, { ...validBrand, country: 'USA' })).toBe(
      'country must be an ISO 3166-1 alpha-2 country code, e.g. US or CA',
    );
    expect(plainToInstance(BrandCreateDto, { ...validBrand, country: 'ca' }).country).toBe('CA');
  });

  it('applies the sole-proprietor and tax id rules', async () => {
    expect(
      await problemsOf(BrandCreateDto, {
        ...validBrand,
        businessType: 'SOLE_PROPRIETOR',
        taxId: undefined,
      }),
    ).toBe(
      'firstName is required when businessType is SOLE_PROPRIETOR; lastName is required when businessType is SOLE_PROPRIETOR',
    );
    expect(await problemsOf(BrandCreateDto, { ...validBrand, taxId: undefined })).toBe(
      'taxId is required unless businessType is SOLE_PROPRIETOR',
    );
    expect(await problemsOf(BrandCreateDto, { ...validBrand, taxId: '1234' })).toBe(
      'taxId must be a 9-digit EIN for country US',
    );
    expect(
      await problemsOf(BrandCreateDto, { ...validBrand, country: 'ca', taxId: '12-3456789' }),
    ).toBe('taxId must be a 9-digit BN for country CA');
  });

  it('refuses statuses and the legacy address text with a message saying why', async () => {
    expect(await problemsOf(BrandCreateDto, { ...validBrand, brandStatus: 'approved' })).toBe(
      'brandStatus is managed by the service (operators review registrations); it cannot be set',
    );
    expect(await problemsOf(BrandCreateDto, { ...validBrand, fullAddress: '1 Main St' })).toBe(
      'fullAddress is only kept for legacy records; send street, city, state and postalCode',
    );
  });

  it('caps the lengths of the fields', async () => {
    expect(await problemsOf(BrandCreateDto, { ...validBrand, legalName: 'x'.repeat(256) })).toBe(
      'legalName must be at most 255 characters',
    );
    expect(await problemsOf(BrandCreateDto, { ...validBrand, postalCode: '1'.repeat(11) })).toBe(
      'postalCode must be at most 10 characters',
    );
  });
});

describe('BrandUpdateDto', () => {
  it('takes any subset of the fields, each checked by the rule of its kind', async () => {
    expect(await problemsOf(BrandUpdateDto, {})).toBe('');
    expect(await problemsOf(BrandUpdateDto, { legalName: 'Acme Corp' })).toBe('');
    expect(await problemsOf(BrandUpdateDto, { website: 'nope' })).toMatch(/^website must be/);
    expect(await problemsOf(BrandUpdateDto, { businessType: 'LLC' })).toMatch(
      /^businessType must be one of/,
    );
  });

  it('clears optional fields with null but refuses null for the required ones', async () => {
    expect(await problemsOf(BrandUpdateDto, { street: null, taxId: null })).toBe('');
    expect(await problemsOf(BrandUpdateDto, { legalName: null })).toBe('legalName is required');
  });

  it('refuses a status set by the customer', async () => {
    expect(await problemsOf(BrandUpdateDto, { campaignStatus: 'approved' })).toMatch(
      /^campaignStatus is managed by the service/,
    );
  });
});

describe('CampaignUpdateDto', () => {
  it('takes every field of spec 2.5', async () => {
    expect(
      await problemsOf(CampaignUpdateDto, {
        campaignDescription: 'Order updates',
        campaignSample1: 'Your order shipped',
        campaignMessageFlow: 'Customers opt in at checkout',
        campaignOptinKeywords: 'START',
        campaignOptoutKeywords: 'STOP',
        campaignHelpKeywords: 'HELP',
        campaignEmbeddedLinkUrl: 'https://acme.example.com/o',
        campaignPrivacyPolicyLink: 'https://acme.example.com/privacy',
        campaignTermsAndConditionsLink: 'https://acme.example.com/terms',
        campaignUsecase: 'ACCOUNT_NOTIFICATION',
        campaignEmbeddedLink: true,
        campaignEmbeddedPhone: false,
        campaignAgeGated: false,
        campaignDirectLending: false,
      }),
    ).toBe('');
  });

  it('wants well-formed links, booleans and texts of sensible length', async () => {
    expect(await problemsOf(CampaignUpdateDto, { campaignPrivacyPolicyLink: 'privacy' })).toBe(
      'campaignPrivacyPolicyLink must be a well-formed http(s) URL, e.g. https://example.com',
    );
    expect(await problemsOf(CampaignUpdateDto, { campaignAgeGated: 'yes' })).toBe(
      'campaignAgeGated must be true or false',
    );
    expect(await problemsOf(CampaignUpdateDto, { campaignSample1: 'x'.repeat(1025) })).toBe(
      'campaignSample1 must be at most 1024 characters',
    );
    expect(
      await problemsOf(CampaignUpdateDto, { campaignSample2: '', campaignUsecase: null }),
    ).toBe('');
  });
});
