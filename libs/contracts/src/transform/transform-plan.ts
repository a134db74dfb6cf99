import { defaultMetadataStorage } from 'class-transformer/cjs/storage';

type Storage = typeof defaultMetadataStorage;
export type TypeMetadata = NonNullable<ReturnType<Storage['findTypeMetadata']>>;
export type PlainClass = new () => object;

/** What plainToInstance needs to know of a class for the default options, read once. */
export interface TransformPlan {
  target: PlainClass;
  /** @Type per property, as `findTypeMetadata` finds it: the class's own, else the nearest ancestor's. */
  types: Map<string, TypeMetadata>;
}

/** The storage's maps (private in its declarations), read to see a class's metadata as a whole. */
interface StorageMaps {
  _typeMetadatas: Map<unknown, Map<string, TypeMetadata>>;
  _transformMetadatas: Map<unknown, unknown>;
  _exposeMetadatas: Map<unknown, unknown>;
  _excludeMetadatas: Map<unknown, unknown>;
}

const plans = new Map<unknown, TransformPlan | null>();
let watchingForNewMetadata = false;

/**
 * The plan of a class plainToInstance builds as the fast path does, or undefined ("unsure") for
 * anything else: a built-in (String, Number, Date, Map, Buffer, Promise...), a function that is
 * not a class, a class with @Transform, @Expose or @Exclude anywhere in its chain, or a @Type with
 * a discriminator or on a Map or Set property.
 *
 * Kept per class: decorators add metadata when a class is defined, before any body reaches it.
 * Metadata added later still clears every plan (as mapped types or a test could add it), so a plan
 * never outlives what it was read from.
 */
export function transformPlanOf(target: unknown): TransformPlan | undefined {
  watchForNewMetadata();
  let plan = plans.get(target);
  if (plan === undefined) {
    plan = planOf(target) ?? null;
    plans.set(target, plan);
  }
  return plan ?? undefined;
}

function planOf(target: unknown): TransformPlan | undefined {
  if (!isPlainClass(target)) return undefined;
  const maps = defaultMetadataStorage as unknown as StorageMaps;
  // The class first, then its ancestors nearest first: the order the storage looks them up in.
  const chain = [target, ...ancestorsOf(target)];
  const decorated = (map: Map<unknown, unknown>) => chain.some((link) => map.has(link));
  if (decorated(maps._transformMetadatas) || decorated(maps._exposeMetadatas)) return undefined;
  if (decorated(maps._excludeMetadatas)) return undefined;
  const types = new Map<string, TypeMetadata>();
  for (const link of chain) {
    for (const [name, metadata] of maps._typeMetadatas.get(link) ?? []) {
      if (!isModelled(metadata)) return undefined;
      if (!types.has(name)) types.set(name, metadata);
    }
  }
  return { target, types };
}

/** A discriminator picks the class per value, and Map or Set values are built as such: not modelled. */
function isModelled({ options, reflectedType }: TypeMetadata): boolean {
  if (options?.discriminator !== undefined || options?.keepDiscriminatorProperty !== undefined) {
    return false;
  }
  return reflectedType !== Map && reflectedType !== Set;
}

/**
 * A class written as a `class` all the way up to Object, so no built-in (whose source is native
 * code) is in its chain: plainToInstance treats built-ins apart, and `new` of one is not an object
 * with the body's properties.
 */
function isPlainClass(target: unknown): target is PlainClass {
  if (typeof target !== 'function' || !isClassSource(target)) return false;
  let prototype: unknown = target.prototype;
  if (!(prototype instanceof Object) || prototype.constructor !== target) return false;
  while (prototype !== Object.prototype) {
    if (prototype === null || typeof prototype !== 'object') return false;
    const constructor: unknown = Object.getOwnPropertyDescriptor(prototype, 'constructor')?.value;
    if (typeof constructor !== 'function' || !isClassSource(constructor)) return false;
    prototype = Object.getPrototypeOf(prototype);
  }
  return true;
}

function isClassSource(target: object): boolean {
  return Function.prototype.toString.call(target).startsWith('class');
}

/** As MetadataStorage.getAncestors walks them. */
function ancestorsOf(target: PlainClass): unknown[] {
  type Link = { prototype?: { constructor: unknown } };
  const ancestors: unknown[] = [];
  let base = Object.getPrototypeOf(target.prototype.constructor) as Link;
  for (; base.prototype !== undefined; base = Object.getPrototypeOf(base.prototype.constructor)) {
    ancestors.push(base);
  }
  return ancestors;
}

/** Any metadata added or cleared after plans were read: read them again. */
function watchForNewMetadata(): void {
  if (watchingForNewMetadata) return;
  watchingForNewMetadata = true;
  const storage = defaultMetadataStorage;
  const methods = [
    'addTypeMetadata',
    'addTransformMetadata',
    'addExposeMetadata',
    'addExcludeMetadata',
    'clear',
  ] as const;
  for (const method of methods) {
    const original = storage[method].bind(storage) as (...args: unknown[]) => void;
    (storage as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      plans.clear();
      original(...args);
    };
  }
}
