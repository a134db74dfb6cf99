import { ValidateBy, ValidationArguments, ValidationOptions } from 'class-validator';
import { ConditionSyntaxError, parseCondition } from '../send/condition';

/** The value is an expression of the condition language (docs/conditions.md). */
export function IsCondition(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCondition',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && problemOf(value) === undefined,
        defaultMessage: (args?: ValidationArguments) => {
          const value: unknown = args?.value;
          const problem = typeof value === 'string' ? problemOf(value) : 'it must be a string';
          return `$property is not a valid condition: ${problem ?? 'unknown problem'}`;
        },
      },
    },
    options,
  );
}

function problemOf(source: string): string | undefined {
  try {
    parseCondition(source);
    return undefined;
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return error.message;
    throw error;
  }
}
