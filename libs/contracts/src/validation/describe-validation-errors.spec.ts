import { ValidationError } from 'class-validator';
import { describeValidationErrors } from './describe-validation-errors';

const unknownProperty = (property: string): ValidationError =>
  Object.assign(new ValidationError(), {
    property,
    constraints: { whitelistValidation: `property ${property} should not exist` },
  });

describe(describeValidationErrors.name, () => {
  it('names each offending field by its path', () => {
    const nested = Object.assign(new ValidationError(), {
      property: 'to',
      children: [
        Object.assign(new ValidationError(), {
          property: 'email',
          constraints: { isEmail: 'email must be an email' },
        }),
      ],
    });
    expect(describeValidationErrors([nested, unknownProperty('x')])).toBe(
      'to.email must be an email; x: property x should not exist',
    );
  });

  it('names the first ten problems and counts the rest, whatever their number', () => {
    const errors = Array.from({ length: 50_000 }, (_, i) => unknownProperty(`k${i}`));
    const message = describeValidationErrors(errors);
    expect(message).toMatch(
      /^k0: property k0 should not exist; .*k9: property k9 should not exist; and 49990 more$/,
    );
  });

  it('cuts what it quotes of a long key', () => {
    const message = describeValidationErrors([unknownProperty('k'.repeat(100_000))]);
    expect(message.length).toBeLessThanOrEqual(201);
  });
});
