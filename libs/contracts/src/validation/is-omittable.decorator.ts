import { ValidateIf, ValidationOptions } from 'class-validator';

/**
 * The property may be left out, but not sent as null: unlike @IsOptional(), which skips null too,
 * an explicit null is validated like any other value (and refused by the property's type check).
 * For settings a service copies when present (`if (x !== undefined) entity.x = x`), where a null
 * would reach a NOT NULL column or an `Object.keys(null)` as a 500.
 */
export function IsOmittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined, options);
}
