import { DomainError } from '../errors/domain-error';
import { fillPlaceholders, resolveCallVariables } from './call-variables';

describe(resolveCallVariables.name, () => {
  const declared = [
    { name: 'company', defaultValue: 'Acme' },
    { name: 'first_name' },
    { name: 'city', defaultValue: 'Paris' },
  ];

  it('takes per-call values over defaults, and defaults for the rest', () => {
    expect(resolveCallVariables(declared, { first_name: 'Ada', city: 'Rome' })).toEqual({
      company: 'Acme',
      first_name: 'Ada',
      city: 'Rome',
    });
  });

  it('rejects a per-call value of an undeclared variable, naming it', () => {
    expect(() => resolveCallVariables(declared, { first_name: 'Ada', plan: 'gold' })).toThrow(
      'variables.plan is not declared in spec.variables',
    );
  });

  it('rejects a declared variable with neither a value nor a default, naming it', () => {
    const sut = () => resolveCallVariables(declared);
    expect(sut).toThrow(DomainError);
    expect(sut).toThrow('variables.first_name is required');
  });

  it('takes an empty per-call value as a value', () => {
    expect(resolveCallVariables([{ name: 'a', defaultValue: 'x' }], { a: '' })).toEqual({ a: '' });
  });
});

describe(fillPlaceholders.name, () => {
  it('fills every placeholder, spaces inside the braces allowed', () => {
    expect(
      fillPlaceholders('Hi {{first_name}}, {{ company }} here. {{first_name}}?', {
        first_name: 'Ada',
        company: 'Acme',
      }),
    ).toBe('Hi Ada, Acme here. Ada?');
  });

  it('leaves placeholders of unknown names and other braces as written', () => {
    expect(fillPlaceholders('{{unknown}} {single} {{ 1x }}', {})).toBe(
      '{{unknown}} {single} {{ 1x }}',
    );
  });

  it('does not fill placeholders inside values', () => {
    expect(fillPlaceholders('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
  });
});
