import { ConditionLiteral } from './condition-ast';

/** What a condition computes with: JSON's values. Anything else in a scope reads as null. */
export type ConditionValue = ConditionLiteral | readonly unknown[] | object;

/**
 * Follows `keys` from `root`, reading only own, enumerable data properties of plain objects and
 * arrays: no prototype, no getter, no method is ever reached. A missing step gives null.
 */
export function readPath(root: unknown, keys: readonly string[]): ConditionValue {
  let value = toConditionValue(root);
  for (const key of keys) {
    value = toConditionValue(ownData(value, key));
  }
  return value;
}

/** The item at `index` of an array, read the same careful way as a path. */
export function itemAt(array: readonly unknown[], index: number): ConditionValue {
  return toConditionValue(ownData(array, String(index)));
}

/**
 * `==`: primitives by strict equality, arrays of primitives item by item. Objects, and arrays
 * holding objects or arrays, equal nothing.
 */
export function conditionValuesEqual(left: ConditionValue, right: ConditionValue): boolean {
  if (isPrimitive(left) || isPrimitive(right)) return left === right;
  if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    const item = itemAt(left, index);
    if (!isPrimitive(item) || item !== itemAt(right, index)) return false;
  }
  return true;
}

/** `false`, `null`, `0` and `''` are false; everything else is true. */
export function isTruthy(value: ConditionValue): boolean {
  return !(value === false || value === null || value === 0 || value === '');
}

export function isPrimitive(value: ConditionValue): value is ConditionLiteral {
  return value === null || typeof value !== 'object';
}

function ownData(container: ConditionValue, key: string): unknown {
  if (isPrimitive(container)) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(container, key);
  return descriptor?.enumerable === true && 'value' in descriptor ? descriptor.value : undefined;
}

function toConditionValue(value: unknown): ConditionValue {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'object':
      return value !== null && isPlainContainer(value) ? value : null;
    case 'undefined':
    case 'bigint':
    case 'symbol':
    case 'function':
      return null;
  }
}

function isPlainContainer(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === Array.prototype || prototype === null;
}
