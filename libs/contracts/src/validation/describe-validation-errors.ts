import { ValidationError } from 'class-validator';

/** "to.email must be an email; type must be a string", naming each offending field by its path. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string {
  return flattenValidationErrors(errors, parent)
    .map(({ path, reasons }) => reasons.map((r) => prefixPath(path, r)).join('; '))
    .join('; ');
}

export interface FieldViolation {
  path: string;
  reasons: string[];
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldViolation[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ path, reasons: Object.values(error.constraints) }] : [];
    return [...own, ...flattenValidationErrors(error.children ?? [], path)];
  });
}

function prefixPath(path: string, reason: string): string {
  // class-validator phrases reasons with the bare property name; name the full path instead.
  const property = path.split('.').pop() ?? path;
  return reason.startsWith(`${property} `)
    ? `${path}${reason.slice(property.length)}`
    : `${path}: ${reason}`;
}
