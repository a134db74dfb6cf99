import { ValidateBy, ValidationOptions, buildMessage } from 'class-validator';

/** The value is an object with at most `max` keys, each holding a string. */
export function IsStringRecordWithMaxKeys(
  max: number,
  options?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStringRecordWithMaxKeys',
      constraints: [max],
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.keys(value).length <= max &&
          Object.values(value).every((v) => typeof v === 'string'),
        defaultMessage: buildMessage(
          (prefix) => `${prefix}$property must be an object of at most $constraint1 string values`,
          options,
        ),
      },
    },
    options,
  );
}
