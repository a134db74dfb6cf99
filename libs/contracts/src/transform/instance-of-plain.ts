import { TransformPlan, transformPlanOf } from './transform-plan';

/**
 * class-transformer's plainToInstance spends most of its time asking its metadata storage the same
 * questions for every key of every body (expose, exclude and transform metadata, found none, in
 * arrays built and filtered each time). For the classes the contracts declare, the answers are
 * fixed: here each class's @Type map is read once (transform-plan.ts) and a body is walked as
 * TransformOperationExecutor.transform walks it (PLAIN_TO_CLASS, class-transformer 0.5.1, default
 * options: exposeUnsetFields, no implicit conversion, groups, versions, prefixes or circular check).
 *
 * It answers exactly what `plainToInstance(target, plain)` answers, or undefined ("unsure") when it
 * meets anything it does not model, and the caller runs class-transformer as before: a class or
 * @Type it has no plan for (transform-plan.ts), an object that is not a plain object or array (a
 * null-prototype object from a parser, a Date, a Map, a thenable...), a function, symbol or bigint,
 * a nesting deeper than MAX_DEPTH, or anything that throws (class-transformer then throws alike).
 */
export function instanceOfPlain(target: unknown, plain: unknown): object | undefined {
  if (plain === null || typeof plain !== 'object') return undefined; // primitives: left to it
  try {
    // Inside the try too: the plan reads class-transformer's private maps, which a version of it
    // other than 0.5.1 may shape otherwise; then the fast path is only unsure, never a 500.
    const plan = transformPlanOf(target);
    return plan ? (transformed(plain, plan, undefined, 0) as object) : undefined;
  } catch {
    return undefined;
  }
}

/** Deeper than any contract nests; also what keeps a cycle or a hostile body from recursing on. */
const MAX_DEPTH = 32;

class Unsure extends Error {}
/** Thrown, made once (no stack to capture), to leave the walk from any depth. */
const unsure = new Unsure('instanceOfPlain is unsure');

type Plain = Record<string, unknown>;

function transformed(
  value: unknown,
  plan: TransformPlan | undefined,
  arrayType: unknown,
  level: number,
): unknown {
  if (value === null || value === undefined) return value;
  const kind = typeof value;
  if (kind === 'string' || kind === 'number' || kind === 'boolean') return value;
  if (kind !== 'object' || level > MAX_DEPTH) throw unsure;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Array.prototype && Array.isArray(value)) {
    const array = newArrayOf(arrayType);
    // forEach, as class-transformer's: it skips the holes of a sparse array.
    value.forEach((element) => array.push(transformed(element, plan, undefined, level + 1)));
    return array;
  }
  if (prototype !== Object.prototype) throw unsure;
  const object = value as Plain;
  if (typeof object['then'] === 'function') throw unsure; // class-transformer awaits a thenable
  // Without a class, it takes `value.constructor` for one: only Object (no own "constructor" key) is {}.
  if (!plan && object.constructor !== Object) throw unsure;
  return instanceFrom(object, plan, level);
}

/** The object branch of TransformOperationExecutor.transform, key by key in the same order. */
function instanceFrom(value: Plain, plan: TransformPlan | undefined, level: number): object {
  const keys = Object.keys(value);
  const instance = (plan ? new plan.target() : {}) as Plain;
  const prototype = (instance.constructor as { prototype?: object }).prototype;
  for (const key of keys) {
    if (key === '__proto__' || key === 'constructor') continue;
    const subValue = value[key];
    const metadata = plan?.types.get(key);
    let type: TransformPlan | undefined;
    if (metadata) {
      // Asked as the executor asks, with the same arguments: a type function may look at them.
      const options = { newObject: instance, object: value, property: key };
      const resolved: unknown = metadata.typeFunction
        ? metadata.typeFunction(options)
        : metadata.reflectedType;
      type = resolved === undefined ? undefined : transformPlanOf(resolved);
      if (resolved !== undefined && !type) throw unsure;
    }
    const arrayType: unknown = Array.isArray(subValue) ? metadata?.reflectedType : undefined;
    // A key the class has a method or a getter without setter for is left out (a plain
    // "toString" too): `instance[key]` also reaches the methods of the prototype's ancestors.
    if (prototype) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
      if ((descriptor && !descriptor.set) || instance[key] instanceof Function) continue;
    }
    instance[key] = transformed(subValue, type, arrayType, level + 1);
  }
  return instance;
}

/**
 * class-transformer builds an array property's value as `new reflectedType()` (design:type) when
 * that is a Set or has a `push` (a DTO with a `push` property!), else as []; only [] is modelled.
 */
function newArrayOf(arrayType: unknown): unknown[] {
  if (!arrayType || arrayType === Array) return [];
  if (typeof arrayType !== 'function') throw unsure;
  const array: unknown = new (arrayType as new () => unknown)();
  if (array instanceof Set || (array instanceof Object && 'push' in array)) throw unsure;
  return [];
}
