import { BinaryOperator, ConditionFunction, OrderOperator } from './condition-ast';
import { ConditionValue, conditionValuesEqual, itemAt } from './condition-values';

/** The result of `left <operator> right`; a mismatch of types is false, never an error. */
export function applyOperator(
  operator: BinaryOperator,
  left: ConditionValue,
  right: ConditionValue,
): boolean {
  switch (operator) {
    case '==':
      return conditionValuesEqual(left, right);
    case '!=':
      return !conditionValuesEqual(left, right);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return isOrdered(operator, left, right);
    case 'in':
      return includes(right, left);
    case 'not in':
      return !includes(right, left);
    case 'contains':
      return includes(left, right);
    case 'startsWith':
      return typeof left === 'string' && typeof right === 'string' && left.startsWith(right);
    case 'endsWith':
      return typeof left === 'string' && typeof right === 'string' && left.endsWith(right);
  }
}

/** The result of `name(argument)`; an argument of the wrong type gives null. */
export function applyFunction(name: ConditionFunction, argument: ConditionValue): ConditionValue {
  switch (name) {
    case 'exists':
      return argument !== null;
    case 'lower':
      return typeof argument === 'string' ? argument.toLowerCase() : null;
    case 'upper':
      return typeof argument === 'string' ? argument.toUpperCase() : null;
    case 'length':
      if (typeof argument === 'string' || Array.isArray(argument)) return argument.length;
      return null;
  }
}

/** An array holding an item equal to `part`, or a string holding `part` as a substring. */
function includes(whole: ConditionValue, part: ConditionValue): boolean {
  if (typeof whole === 'string') return typeof part === 'string' && whole.includes(part);
  if (!Array.isArray(whole)) return false;
  for (let index = 0; index < whole.length; index += 1) {
    if (conditionValuesEqual(itemAt(whole, index), part)) return true;
  }
  return false;
}

function isOrdered(operator: OrderOperator, left: ConditionValue, right: ConditionValue): boolean {
  if (typeof left === 'number' && typeof right === 'number') return holds(operator, left, right);
  if (typeof left === 'string' && typeof right === 'string') return holds(operator, left, right);
  return false;
}

function holds<T extends number | string>(operator: OrderOperator, left: T, right: T): boolean {
  switch (operator) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
  }
}
