import { clipped, ValidationFailedError } from '@clarion/contracts';

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

/** A value still to be walked; its path is spelled out only for a message. */
interface Pending {
  readonly value: unknown;
  readonly depth: number;
  readonly parent?: Pending;
  readonly key?: string | number;
}

const FIX = 'Send a smaller, flatter body; see /docs for the body of this operation.';

/**
 * Refuses a parsed body beyond the limits, walking it without recursion and stopping at the first
 * breach, so a hostile body costs no more than its parse.
 */
export function assertWithinJsonLimits(body: unknown, limits: JsonLimits = JSON_LIMITS): void {
  const pending: Pending[] = [{ value: body, depth: 0 }];
  let values = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.maxDepth) {
      throw new ValidationFailedError(
        `${pathOf(next)} nests deeper than ${limits.maxDepth} levels`,
        FIX,
      );
    }
    const keys = keysWithinLimit(value, next, limits);
    values += keys.length;
    if (values > limits.maxValues) {
      throw new ValidationFailedError(
        `The body holds more than ${limits.maxValues} values in all`,
        FIX,
      );
    }
    for (const key of keys) {
      const child = (value as Record<string | number, unknown>)[key];
      pending.push({ value: child, depth: depth + 1, parent: next, key });
    }
  }
}

/** The indexes of an array or the keys of an object, within their limit. */
function keysWithinLimit(
  value: object,
  at: Pending,
  limits: JsonLimits,
): readonly (string | number)[] {
  if (Array.isArray(value)) {
    if (value.length > limits.maxArrayLength) {
      throw new ValidationFailedError(
        `${pathOf(at)} holds ${value.length} items; at most ${limits.maxArrayLength} are accepted`,
        FIX,
      );
    }
    return value.map((_item: unknown, index) => index);
  }
  const keys = Object.keys(value);
  if (keys.length > limits.maxKeysPerObject) {
    throw new ValidationFailedError(
      `${pathOf(at)} has ${keys.length} keys; at most ${limits.maxKeysPerObject} are accepted`,
      FIX,
    );
  }
  return keys;
}

/** `body.to.tags[2]`; a key is quoted to 64 characters, as it can be as long as the body. */
function pathOf(at: Pending): string {
  const steps: string[] = [];
  for (let step: Pending | undefined = at; step?.key !== undefined; step = step.parent) {
    steps.push(typeof step.key === 'number' ? `[${step.key}]` : `.${clipped(step.key, 64)}`);
  }
  return `body${steps.reverse().join('')}`;
}
