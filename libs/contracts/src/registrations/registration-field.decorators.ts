import {
  isEmail,
  isISO31661Alpha2,
  isURL,
  ValidateBy,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';
import { BrandRuleInput, brandRuleViolations } from './brand-rules';

/*
 * One validator per field kind, each answering one message that names the field and the rule
 * ("legalName is required", "website must be a well-formed http(s) URL, …"), instead of a
 * string, not-empty and length check each adding their own sentence.
 */

interface TextOptions {
  max: number;
  /** An empty string is accepted (and stored as no value): optional form fields. */
  allowEmpty?: boolean;
}

const E164 = /^\+[1-9]\d{7,14}$/;
const URL_OPTIONS = { protocols: ['http', 'https'], require_tld: true, require_protocol: false };

/** A string of at most `max` characters; missing or blank is "required" unless allowed. */
export function IsText(options: TextOptions, validation?: ValidationOptions): PropertyDecorator {
  return checked(
    'isText',
    (value) => {
      if (typeof value !== 'string') return 'must be a string';
      if (!options.allowEmpty && !value.trim()) return 'must not be empty';
      return value.length > options.max ? `must be at most ${options.max} characters` : undefined;
    },
    validation,
  );
}

export function IsOneOf(values: readonly string[], validation?: ValidationOptions) {
  return checked(
    'isOneOf',
    (value) =>
      typeof value === 'string' && values.includes(value)
        ? undefined
        : `must be one of ${values.join(', ')}`,
    validation,
  );
}

/** A website: http(s) with a public domain name; the scheme may be left out (`example.com`). */
export function IsWebsite(
  options: { max: number; allowEmpty?: boolean },
  validation?: ValidationOptions,
) {
  return checked(
    'isWebsite',
    (value) => {
      if (options.allowEmpty && value === '') return undefined;
      if (typeof value !== 'string' || !isURL(value, URL_OPTIONS)) {
        return 'must be a well-formed http(s) URL, e.g. https://example.com';
      }
      return value.length > options.max ? `must be at most ${options.max} characters` : undefined;
    },
    validation,
  );
}

export function IsEmailAddress(options: { max: number }, validation?: ValidationOptions) {
  return checked(
    'isEmailAddress',
    (value) => {
      if (typeof value !== 'string' || !isEmail(value)) return 'must be an email address';
      return value.length > options.max ? `must be at most ${options.max} characters` : undefined;
    },
    validation,
  );
}

export function IsE164Phone(validation?: ValidationOptions) {
  return checked(
    'isE164Phone',
    (value) =>
      typeof value === 'string' && E164.test(value)
        ? undefined
        : 'must be a phone number in E.164 format, e.g. +14155550100',
    validation,
  );
}

export function IsCountryCode(validation?: ValidationOptions) {
  return checked(
    'isCountryCode',
    (value) =>
      typeof value === 'string' && isISO31661Alpha2(value)
        ? undefined
        : 'must be an ISO 3166-1 alpha-2 country code, e.g. US or CA',
    validation,
  );
}

/** firstName, lastName, taxId: the rules of spec 2.4 that depend on businessType and country. */
export function FollowsBrandRules(validation?: ValidationOptions): PropertyDecorator {
  const violationOf = (args?: ValidationArguments) =>
    args &&
    brandRuleViolations(args.object as BrandRuleInput).find((v) => v.field === args.property);
  return ValidateBy(
    {
      name: 'followsBrandRules',
      validator: {
        validate: (_value: unknown, args?: ValidationArguments) => !violationOf(args),
        defaultMessage: (args?: ValidationArguments) =>
          violationOf(args)?.message ?? `${args?.property ?? 'value'} breaks a brand rule`,
      },
    },
    validation,
  );
}

/** A status field: the service manages it, so a body that carries it is refused. */
export function IsManagedByService(validation?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isManagedByService',
      validator: {
        validate: (value: unknown) => value === undefined,
        defaultMessage: () =>
          '$property is managed by the service (operators review registrations); it cannot be set',
      },
    },
    validation,
  );
}

/**
 * A validator whose `problem` says what is wrong with a present value; a missing value (undefined
 * or null) is "required", since optional fields carry IsOptional and never get here.
 */
function checked(
  name: string,
  problem: (value: unknown) => string | undefined,
  validation?: ValidationOptions,
): PropertyDecorator {
  const problemOf = (value: unknown) =>
    value === undefined || value === null ? 'is required' : problem(value);
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => problemOf(value) === undefined,
        defaultMessage: (args?: ValidationArguments) =>
          `$property ${problemOf(args?.value) ?? 'is invalid'}`,
      },
    },
    validation,
  );
}
