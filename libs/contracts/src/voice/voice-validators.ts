import { plainToInstance, Transform } from 'class-transformer';
import { buildMessage, ValidateBy, ValidationOptions } from 'class-validator';

type Constructor = new () => object;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns an object (or each object of an array) into the class its `property` names, or into
 * `fallback` (which only validates the property) when it names none; other values stay as they
 * are for the validators to name. class-transformer's own discriminator throws on `null` items.
 */
export function DiscriminatedBy(
  property: string,
  subTypes: Record<string, Constructor>,
  fallback: Constructor,
): PropertyDecorator {
  const toInstance = (item: unknown): unknown => {
    if (!isPlainObject(item)) return item;
    const kind = item[property];
    const target = (typeof kind === 'string' && subTypes[kind]) || fallback;
    return plainToInstance(target, item);
  };
  return Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    return Array.isArray(raw) ? raw.map(toInstance) : toInstance(raw);
  });
}

/** A non-empty string when the sibling `field` holds `value` (e.g. voicemailMessage). */
export function RequiredWhen(
  field: string,
  value: string,
  options?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'requiredWhen',
      constraints: [field, value],
      validator: {
        validate: (candidate: unknown, args) =>
          (args?.object as Record<string, unknown>)[field] !== value ||
          (typeof candidate === 'string' && candidate.trim().length > 0),
        defaultMessage: buildMessage(
          (prefix) => `${prefix}$property must not be empty when $constraint1 is $constraint2`,
          options,
        ),
      },
    },
    options,
  );
}

/** An array whose items have different `name`s. */
export function HasUniqueNames(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'hasUniqueNames',
      validator: {
        validate: (items: unknown) => {
          if (!Array.isArray(items)) return true;
          const names = items
            .filter(isPlainObject)
            .map((item) => item['name'])
            .filter((name) => typeof name === 'string');
          return new Set(names).size === names.length;
        },
        defaultMessage: buildMessage(
          (prefix) => `${prefix}$property must not name two entries alike (name)`,
          options,
        ),
      },
    },
    options,
  );
}

/** An object of at most `max` string values, each at most `maxLength` long, keys identifiers. */
export function IsStringMap(
  max: number,
  maxLength: number,
  keyPattern: RegExp,
  options?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStringMap',
      constraints: [max, maxLength],
      validator: {
        validate: (value: unknown) =>
          isPlainObject(value) &&
          Object.keys(value).length <= max &&
          Object.entries(value).every(
            ([key, entry]) =>
              keyPattern.test(key) && typeof entry === 'string' && entry.length <= maxLength,
          ),
        defaultMessage: buildMessage(
          (prefix) =>
            `${prefix}$property must be an object of at most $constraint1 string values (at most $constraint2 characters each) under names such as first_name`,
          options,
        ),
      },
    },
    options,
  );
}
