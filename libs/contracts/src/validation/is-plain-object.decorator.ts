import { ValidateBy, ValidationOptions, buildMessage } from 'class-validator';

/** The value is a JSON object (not an array, not null). */
export function IsPlainObject(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPlainObject',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' && value !== null && !Array.isArray(value),
        defaultMessage: buildMessage((prefix) => `${prefix}$property must be an object`, options),
      },
    },
    options,
  );
}
