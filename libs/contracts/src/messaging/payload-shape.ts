/**
 * Cheap checks of messages Clarion's services send one another. Public input is validated with
 * the contract DTOs where it enters (the gateway, operator tools); a message between services was
 * built by Clarion's own typed code, so its consumer only checks that it has the shape its type
 * promises (the JSON type of each top-level field), in a few comparisons instead of a pass of
 * class-validator. A message that fails the check is dead-lettered by the consumer.
 */

/** The JSON type of a field; `unknown` accepts any present value. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'unknown';

/** What a field must be, with `?` when it may be absent (or null). */
export type FieldSpec = FieldKind | `${FieldKind}?`;

/** Says what is wrong with a message, or undefined when it has the shape of its type. */
export type PayloadCheck = (payload: object) => string | undefined;

type KindOf<V> = [V] extends [string]
  ? 'string'
  : [V] extends [number]
    ? 'number'
    : [V] extends [boolean]
      ? 'boolean'
      : [V] extends [readonly unknown[]]
        ? 'array'
        : [V] extends [object]
          ? 'object'
          : 'unknown';

type SpecOf<T, K extends keyof T> = undefined extends T[K]
  ? `${KindOf<NonNullable<T[K]>>}?` | 'unknown?'
  : KindOf<T[K]> | 'unknown';

/** A spec for every field of T, whose kinds match the field types (checked at compile time). */
export type Shape<T> = { readonly [K in keyof T]-?: SpecOf<T, K> };

interface CompiledField {
  readonly name: string;
  readonly kind: FieldKind;
  readonly optional: boolean;
}

/** Compiles a shape into its check, once, where the message is defined. */
export function checkOf<T>(shape: Shape<T>): PayloadCheck {
  const fields: CompiledField[] = Object.entries(shape as Record<string, FieldSpec>).map(
    ([name, spec]) => ({
      name,
      kind: spec.replace('?', '') as FieldKind,
      optional: spec.endsWith('?'),
    }),
  );
  return (payload) => {
    const record = payload as Record<string, unknown>;
    for (const { name, kind, optional } of fields) {
      const value = record[name];
      if (value === undefined || value === null) {
        if (optional) continue;
        return `${name} is missing`;
      }
      if (kind !== 'unknown' && kindOfValue(value) !== kind)
        return `${name} must be ${ARTICLE[kind]} ${kind}`;
    }
    return undefined;
  };
}

const ARTICLE: Record<FieldKind, string> = {
  string: 'a',
  number: 'a',
  boolean: 'a',
  object: 'an',
  array: 'an',
  unknown: 'an',
};

function kindOfValue(value: unknown): FieldKind {
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object'
    ? type
    : 'unknown';
}
