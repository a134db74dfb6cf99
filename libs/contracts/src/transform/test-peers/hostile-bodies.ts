/**
 * Shapes no contract takes, made from a body as a parser could hand them over: keys that name
 * Object.prototype's members (parsed from JSON, so "__proto__" is an own key), arrays of arrays,
 * nulls, arrays where objects belong and primitives where objects belong, deep nesting.
 */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'push'];

const deep = (depth: number): unknown => (depth === 0 ? { end: true } : { d: deep(depth - 1) });

const HOSTILE_VALUES: (() => unknown)[] = [
  () => [[{}]],
  () => [[[]], []],
  () => [null, 'x', 1],
  () => [{}, [{}]],
  () => null,
  () => 'x',
  () => 0,
  () => ({}),
  () => deep(12),
  () => deep(40),
  () => [deep(8)],
  () => JSON.parse('{"toString": "x", "a": {"valueOf": 1, "b": [[{"hasOwnProperty": 2}]]}}'),
  () => JSON.parse('{"__proto__": {"x": 1}, "y": 2}'),
  () => JSON.parse('{"constructor": {"x": 1}}'),
];

type Random = () => number;

/** Two of four variants of `body` (picked at random), each as JSON.parse would return it. */
export function hostileVariantsOf(body: Record<string, unknown>, random: Random): unknown[] {
  const names = Object.keys(body);
  const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)] as T;
  const withKeys = (target: Record<string, unknown>) => {
    const copy = { ...target };
    for (let n = 1 + Math.floor(random() * 3); n > 0; n--)
      copy[pick(HOSTILE_KEYS)] = pick(HOSTILE_VALUES)();
    return copy;
  };
  const replaced = { ...body };
  if (names.length > 0) replaced[pick(names)] = pick(HOSTILE_VALUES)();
  const nestedName = names.find((name) => isObject(body[name]));
  const nested = nestedName
    ? { ...body, [nestedName]: withKeys(body[nestedName] as Record<string, unknown>) }
    : { ...body, [`unknown${names.length}`]: pick(HOSTILE_VALUES)() };
  const variants = [withKeys(body), replaced, nested, [body, null, [body]]];
  const first = Math.floor(random() * variants.length);
  const second = (first + 1 + Math.floor(random() * (variants.length - 1))) % variants.length;
  return [variants[first], variants[second]].map(asParsed);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Through JSON, as the gateway receives it; "__proto__" written as a key (a spread drops it) so
 * that JSON.parse makes it an own key again.
 */
function asParsed(value: unknown): unknown {
  const text = JSON.stringify(value, (_, inner: unknown) => {
    if (!isObject(inner) || !Object.hasOwn(inner, '__proto__')) return inner;
    return Object.fromEntries(
      Object.entries(inner).map(([k, v]) => [k === '__proto__' ? '\u0000proto' : k, v]),
    );
  });
  return JSON.parse(text.replaceAll('"\\u0000proto"', '"__proto__"'));
}
