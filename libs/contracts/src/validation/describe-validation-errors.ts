import { ValidationError } from 'class-validator';
import { clipped } from '../common/clipped';

/** A message names at most this many problems, then says how many more there are. */
const MAX_REASONS = 10;
/** The longest path or reason a message quotes: keys and values come from the client. */
const MAX_QUOTED_LENGTH = 200;

/**
 * "to.email must be an email; type must be a string", naming each offending field by its path;
 * bounded, whatever the body: the first ten problems, then "and N more".
 */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string {
  const reasons = flattenValidationErrors(errors, parent).flatMap(({ path, reasons }) =>
    reasons.map((reason) => clipped(prefixPath(path, reason), MAX_QUOTED_LENGTH)),
  );
  const shown = reasons.slice(0, MAX_REASONS).join('; ');
  const more = reasons.length - MAX_REASONS;
  return more > 0 ? `${shown}; and ${more} more` : shown;
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
