/**
 * The first difference between two values, or undefined when they are deeply identical: the same
 * primitives (Object.is), and at every level objects with the same prototype and the same own keys
 * (symbols too) in the same order, each with the same descriptor flags and value. Stricter than
 * Jest's toEqual, which passes an instance for a plain object and an undefined key for a missing one.
 */
export function strictDifference(
  actual: unknown,
  expected: unknown,
  path = '$',
): string | undefined {
  if (Object.is(actual, expected)) return undefined;
  if (!isObject(actual) || !isObject(expected)) {
    return `${path}: ${describe(actual)} where ${describe(expected)} was expected`;
  }
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) {
    return `${path}: prototype of ${nameOf(actual)} where ${nameOf(expected)} was expected`;
  }
  const actualKeys = Reflect.ownKeys(actual).map(String);
  const expectedKeys = Reflect.ownKeys(expected).map(String);
  if (actualKeys.join('\u0000') !== expectedKeys.join('\u0000')) {
    return `${path}: keys [${actualKeys.join(', ')}] where [${expectedKeys.join(', ')}] were expected`;
  }
  for (const key of Reflect.ownKeys(expected)) {
    const difference = descriptorDifference(actual, expected, key, `${path}.${String(key)}`);
    if (difference) return difference;
  }
  return undefined;
}

/** Whether `result` holds (at any depth) an object of `input`: class-transformer copies them all. */
export function sharedObject(result: unknown, input: unknown): string | undefined {
  const inputObjects = new Set<unknown>();
  const collect = (value: unknown): void => {
    if (!isObject(value) || inputObjects.has(value)) return;
    inputObjects.add(value);
    for (const key of Reflect.ownKeys(value)) collect(Reflect.get(value, key));
  };
  collect(input);
  const find = (value: unknown, path: string): string | undefined => {
    if (!isObject(value)) return undefined;
    if (inputObjects.has(value)) return path;
    for (const key of Reflect.ownKeys(value)) {
      const found = find(Reflect.get(value, key), `${path}.${String(key)}`);
      if (found) return found;
    }
    return undefined;
  };
  return find(result, '$');
}

function descriptorDifference(
  actual: object,
  expected: object,
  key: string | symbol,
  path: string,
): string | undefined {
  const a = Object.getOwnPropertyDescriptor(actual, key);
  const e = Object.getOwnPropertyDescriptor(expected, key);
  if (!a || !e) return `${path}: missing`;
  for (const flag of ['enumerable', 'writable', 'configurable', 'get', 'set'] as const) {
    if (a[flag] !== e[flag]) return `${path}: ${flag} differs`;
  }
  return strictDifference(a.value, e.value, path);
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function nameOf(value: object): string {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === null) return 'null';
  return (prototype as { constructor?: { name?: string } }).constructor?.name ?? '?';
}

function describe(value: unknown): string {
  if (isObject(value)) return `an object (${nameOf(value)})`;
  return `${typeof value} ${String(value)}`;
}
