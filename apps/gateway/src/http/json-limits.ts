import { ValidationFailedError } from '@clarion/contracts';

/**
 * The shape a JSON body may have. Each limit is far above what any operation of the API takes
 * (the deepest, a send's `parameters`, is user data a template reads) and far below what would
 * make validation cost: class-transformer and class-validator recurse per level and per key, so a
 * body nested 10,000 levels overflowed the stack, and 50,000 unknown keys took 2 s of CPU.
 */
export const JSON_LIMITS = {
  maxDepth: 32,
  maxKeysPerObject: 1_000,
  maxArrayLength: 10_000,
  /** Every object member and array element of the body, all levels together. */
  maxValues: 100_000,
} as const;

export type JsonLimits = typeof JSON_LIMITS;

interface Pending {
  readonly value: unknown;
  readonly depth: number;
  readonly path: string;
}

const FIX = 'Send a smaller, flatter body; see /docs for the body of this operation.';

/**
 * Refuses a parsed body beyond the limits, walking it without recursion and stopping at the first
 * breach, so a hostile body costs no more than its parse.
 */
export function assertWithinJsonLimits(body: unknown, limits: JsonLimits = JSON_LIMITS): void {
  const pending: Pending[] = [{ value: body, depth: 0, path: 'body' }];
  let values = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth, path } = next;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.maxDepth) {
      throw new ValidationFailedError(`${path} nests deeper than ${limits.maxDepth} levels`, FIX);
    }
    const children = childrenOf(value, path, limits);
    values += children.length;
    if (values > limits.maxValues) {
      throw new ValidationFailedError(
        `The body holds more than ${limits.maxValues} values in all`,
        FIX,
      );
    }
    for (const [childPath, child] of children) {
      pending.push({ value: child, depth: depth + 1, path: childPath });
    }
  }
}

/** The members of an object or the items of an array, each with its path, within their limit. */
function childrenOf(value: object, path: string, limits: JsonLimits): [string, unknown][] {
  if (Array.isArray(value)) {
    if (value.length > limits.maxArrayLength) {
      throw new ValidationFailedError(
        `${path} holds ${value.length} items; at most ${limits.maxArrayLength} are accepted`,
        FIX,
      );
    }
    return value.map((item: unknown, index) => [`${path}[${index}]`, item]);
  }
  const members = Object.entries(value);
  if (members.length > limits.maxKeysPerObject) {
    throw new ValidationFailedError(
      `${path} has ${members.length} keys; at most ${limits.maxKeysPerObject} are accepted`,
      FIX,
    );
  }
  return members.map(([key, child]) => [`${path}.${shortKey(key)}`, child]);
}

/** A key as a message may quote it: a key can be as long as the body. */
function shortKey(key: string): string {
  return key.length > 64 ? `${key.slice(0, 64)}…` : key;
}
