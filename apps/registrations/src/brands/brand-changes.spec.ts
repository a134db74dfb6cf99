import { DomainError, ErrorCode } from '@clarion/contracts';
import { brandOfCreate, mergeBrandUpdate } from './brand-changes';
import { BrandFields } from './brand-fields';

const stored: BrandFields = {
  scenarioId: 'own_brand',
  businessType: 'PRIVATE_PROFIT',
  legalName: 'Acme Inc.',
  displayName: 'Acme',
  taxId: '12-3456789',
  website: 'https://acme.example.com',
  country: 'US',
  street: '1 Main St',
  complianceContactEmail: 'compliance@acme.example.com',
  complianceContactPhone: '+14155550100',
};

function failureOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe(brandOfCreate.name, () => {
  it('sets displayName to legalName on submit and drops blank optional fields', () => {
    const { displayName: _displayName, ...body } = stored;
    expect(brandOfCreate({ ...body, city: '' })).toEqual({ ...stored, displayName: 'Acme Inc.' });
  });
});

describe(mergeBrandUpdate.name, () => {
  it('changes only the given fields', () => {
    const { brand } = mergeBrandUpdate(stored, { website: 'https://acme.test' });
    expect(brand).toEqual({ ...stored, website: 'https://acme.test' });
  });

  it('lets displayName follow legalName on an update that changes legalName without it', () => {
    expect(mergeBrandUpdate(stored, { legalName: 'Acme Corp' }).brand.displayName).toBe(
      'Acme Corp',
    );
    expect(
      mergeBrandUpdate(stored, { legalName: 'Acme Corp', displayName: 'ACME' }).brand.displayName,
    ).toBe('ACME');
    expect(mergeBrandUpdate(stored, { displayName: null }).brand.displayName).toBe('Acme Inc.');
  });

  it('clears optional fields given as null or an empty string', () => {
    const { brand } = mergeBrandUpdate(stored, { street: null, city: '' });
    expect(brand).not.toHaveProperty('street');
    expect(brand).not.toHaveProperty('city');
  });

  it('applies the rules to the merged brand and names the field', () => {
    const toSole = failureOf(() => mergeBrandUpdate(stored, { businessType: 'SOLE_PROPRIETOR' }));
    expect(toSole.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(toSole.message).toBe(
      'firstName is required when businessType is SOLE_PROPRIETOR; lastName is required when businessType is SOLE_PROPRIETOR',
    );
    expect(failureOf(() => mergeBrandUpdate(stored, { country: 'CA' })).message).toBe(
      'taxId must be a 9-digit BN for country CA',
    );
    expect(failureOf(() => mergeBrandUpdate(stored, { taxId: null })).message).toBe(
      'taxId is required unless businessType is SOLE_PROPRIETOR',
    );
  });

  it('accepts a switch that brings what the new rules need', () => {
    const { brand } = mergeBrandUpdate(stored, {
      businessType: 'SOLE_PROPRIETOR',
      firstName: 'Ada',
      lastName: 'Lovelace',
      taxId: null,
    });
    expect(brand).toMatchObject({ businessType: 'SOLE_PROPRIETOR', firstName: 'Ada' });
    expect(brand).not.toHaveProperty('taxId');
  });

  it('clears the legacy address text once a structured address is given', () => {
    expect(mergeBrandUpdate(stored, { legalName: 'X' }).clearsFullAddress).toBe(false);
    expect(mergeBrandUpdate(stored, { postalCode: '62701' }).clearsFullAddress).toBe(true);
  });

  it('ignores what is not a brand field (the request also carries accountId and actor)', () => {
    const update = { accountId: 'a', actor: 'key:k', legalName: 'Acme Inc.' } as never;
    expect(Object.keys(mergeBrandUpdate(stored, update).brand).sort()).toEqual(
      Object.keys(stored).sort(),
    );
  });
});
