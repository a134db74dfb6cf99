import Module from 'node:module';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const moduleLoader = Module as unknown as { _load: Load };

/**
 * Requires `id` while each package in `deferred` that it (or anything it loads) requires is
 * handed over as a stand-in, loaded for real, from where it was asked for, the first time
 * anything reads it. A package whose every use sits behind an option nobody chose then costs
 * nothing. Node's CommonJS loader is hooked only for the duration of this one require.
 */
export function requireDeferring<T>(id: string, deferred: ReadonlySet<string>): T {
  const load = moduleLoader._load;
  moduleLoader._load = function loadDeferring(request, parent, isMain) {
    return deferred.has(request)
      ? loadedWhenRead(() => load.call(Module, request, parent, isMain))
      : load.call(Module, request, parent, isMain);
  };
  try {
    return require(id) as T;
  } finally {
    moduleLoader._load = load;
  }
}

/** A module's exports, loaded by `load` the first time one is read, listed or looked up. */
function loadedWhenRead(load: () => unknown): object {
  let loaded: object | undefined;
  const exports = (): object => (loaded ??= load() as object);
  return new Proxy(
    {},
    {
      get: (_target, key) => Reflect.get(exports(), key),
      has: (_target, key) => Reflect.has(exports(), key),
      ownKeys: () => Reflect.ownKeys(exports()),
      getOwnPropertyDescriptor: (_target, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(exports(), key);
        // The stand-in's own target has no such property, so a proxy may only call it configurable.
        return descriptor && { ...descriptor, configurable: true };
      },
    },
  );
}
