import { Exclude, Expose, plainToInstance, Transform, Type } from 'class-transformer';
import { IsString } from 'class-validator';
import { instanceOfPlain } from './instance-of-plain';
import { sharedObject, strictDifference } from './test-peers/strict-difference';

class Tag {
  label?: string;
}

class Options {
  push?: boolean; // a property named `push`: class-transformer takes an instance for an array
}

class Recipient {
  id?: string;
  @Type(() => Tag) tags?: Tag[];
  get display(): string {
    return `recipient ${this.id ?? ''}`;
  }
  describe(): string {
    return this.display;
  }
}

class Send {
  @IsString() type?: string;
  @Type(() => Recipient) to?: Recipient;
  @Type(() => Options) options?: Options;
  parameters?: Record<string, unknown>;
  private revision = 0;
  get version(): number {
    return this.revision;
  }
  set version(value: number) {
    this.revision = value;
  }
}

class Paged {
  @Type(() => Number) limit?: number;
  cursor?: string;
}

class Transformed {
  @Transform(({ value }: { value: unknown }) => String(value).toUpperCase()) code?: string;
}
class InheritsTransform extends Transformed {
  other?: string;
}
class Exposed {
  @Expose({ name: 'n' }) name?: string;
}
class Excluded {
  @Exclude() secret?: string;
}
@Exclude()
class ExcludedAll {
  name?: string;
}
class Discriminated {
  @Type(() => Tag, { discriminator: { property: 'kind', subTypes: [{ value: Tag, name: 'tag' }] } })
  item?: Tag;
}
class WithMap {
  @Type(() => Tag) byName?: Map<string, Tag>;
}
class Recorded {
  static calls: unknown[] = [];
  @Type((options) => (Recorded.calls.push(options), Tag)) tag?: Tag;
}
class Dictionary extends Map<string, string> {}

/** Asserts the fast path answers, and answers what class-transformer does. */
function expectSameAsClassTransformer(target: new () => object, plain: unknown): void {
  const expected = plainToInstance(target, plain);
  const sut = instanceOfPlain(target, plain);
  expect(sut).toBeDefined();
  expect(strictDifference(sut, expected)).toBeUndefined();
  expect(sharedObject(sut, plain)).toBeUndefined();
}

describe(instanceOfPlain.name, () => {
  it.each<[string, unknown]>([
    ['a body with nested classes', { type: 'x', to: { id: 'a', tags: [{ label: 'l' }] } }],
    ['a nested plain object, copied', { parameters: { a: { b: [1, { c: null }] }, n: 1.5 } }],
    ['unknown keys, in their order', { zeta: 1, to: { id: 'a', extra: true }, alpha: [] }],
    ['integer-like keys', { '2': 'b', type: 'x', '1': 'a' }],
    ['undefined and null values', { type: undefined, to: null, options: undefined }],
    ['primitives where objects belong', { to: 'ada', options: 3, parameters: false }],
    ['arrays where objects belong', { to: [{ id: 'a' }, null, 'x', [{ id: 'b' }]] }],
    ['arrays of arrays', { to: { tags: [[{ label: 'a' }], [[]], []] }, parameters: [[1], [[]]] }],
    ['an empty object', {}],
    ['a root array', [{ type: 'a' }, null, 'x', [{ type: 'b' }]]],
    ['a setter property', { version: 7 }],
  ])('builds %s as class-transformer does', (_, plain) => {
    expectSameAsClassTransformer(Send, plain);
  });

  it('leaves out keys of methods, getters without setter and Object.prototype', () => {
    const plain = JSON.parse(
      '{"to": {"id": "a", "describe": 1, "display": 2, "toString": 3}, "parameters": {"valueOf": 4, "hasOwnProperty": 5, "kept": 6}, "toString": 7}',
    ) as unknown;
    expectSameAsClassTransformer(Send, plain);
    const sut = instanceOfPlain(Send, plain) as Send;
    expect(Object.keys(sut.parameters ?? {})).toEqual(['kept']);
    expect(sut.to?.describe()).toBe('recipient a');
  });

  it('skips "__proto__" and "constructor" keys of a class, as parsed from JSON', () => {
    const plain = JSON.parse(
      '{"__proto__": {"polluted": 1}, "constructor": {"x": 1}, "type": "t"}',
    );
    expectSameAsClassTransformer(Send, plain);
    expect(instanceOfPlain(Send, plain)).not.toHaveProperty('polluted');
  });

  it('is unsure of a nested plain object with a "constructor" key (class-transformer throws on it)', () => {
    const plain = JSON.parse('{"parameters": {"constructor": "x"}}') as unknown;
    expect(() => plainToInstance(Send, plain)).toThrow(TypeError);
    expect(instanceOfPlain(Send, plain)).toBeUndefined();
  });

  it('is unsure of an array for a class with a "push" property (class-transformer throws on it)', () => {
    expect(() => plainToInstance(Send, { options: [[]] })).toThrow(TypeError);
    expect(instanceOfPlain(Send, { options: [[]] })).toBeUndefined();
    expectSameAsClassTransformer(Send, { options: { push: true } });
  });

  it.each<[string, new () => object, unknown]>([
    ['@Transform', Transformed, { code: 'a' }],
    ['@Transform of an ancestor', InheritsTransform, { other: 'a' }],
    ['@Expose', Exposed, { n: 'a' }],
    ['@Exclude', Excluded, { secret: 'a' }],
    ['a class-level @Exclude', ExcludedAll, { name: 'a' }],
    ['a discriminator', Discriminated, { item: { kind: 'tag' } }],
    ['a Map property', WithMap, { byName: {} }],
    ['@Type(() => Number)', Paged, { limit: '5' }],
    ['a built-in', Dictionary, {}],
    ['a built-in target', Date as unknown as new () => object, {}],
  ])('is unsure of a class with %s', (_, target, plain) => {
    expect(instanceOfPlain(target, plain)).toBeUndefined();
  });

  it('answers for a @Type(() => Number) class when that property is absent', () => {
    expectSameAsClassTransformer(Paged, { cursor: 'c' });
  });

  it.each<[string, unknown]>([
    ['a null-prototype object', { to: Object.assign(Object.create(null), { id: 'a' }) }],
    ['a null-prototype root', Object.assign(Object.create(null), { type: 'a' })],
    ['a Date', { parameters: { at: new Date(0) } }],
    ['a Map', { parameters: new Map() }],
    ['an instance', { to: new Recipient() }],
    ['a thenable', { parameters: { then: () => 1 } }],
    ['a function', { parameters: { f: () => 1 } }],
    ['a primitive root', 'x'],
    ['a null root', null],
  ])('is unsure of %s', (_, plain) => {
    expect(instanceOfPlain(Send, plain)).toBeUndefined();
  });

  it('answers up to its depth limit and is unsure beyond', () => {
    const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });
    expectSameAsClassTransformer(Send, { parameters: nested(30) });
    expect(instanceOfPlain(Send, { parameters: nested(40) })).toBeUndefined();
  });

  it('copies a sparse array without its holes, as class-transformer does', () => {
    // eslint-disable-next-line no-sparse-arrays
    expectSameAsClassTransformer(Send, { to: { tags: [, { label: 'a' }, , 'b'] } });
  });

  it('asks a type function with what class-transformer gives it', () => {
    const plain = { tag: { label: 'a' } };
    Recorded.calls = [];
    const expected = plainToInstance(Recorded, plain);
    const sut = instanceOfPlain(Recorded, plain);
    expect(strictDifference(sut, expected)).toBeUndefined();
    const [theirs, ours] = Recorded.calls as { newObject: unknown; object: unknown }[];
    expect(Object.keys(ours ?? {})).toEqual(Object.keys(theirs ?? {}));
    expect([ours?.object, ours?.newObject]).toEqual([plain, sut]);
  });

  it('reads a class again when metadata is added after its first use', () => {
    class Late {
      name?: string;
    }
    expectSameAsClassTransformer(Late, { name: 'a' });
    Transform(({ value }: { value: unknown }) => `${String(value)}!`)(Late.prototype, 'name');
    expect(plainToInstance(Late, { name: 'a' }).name).toBe('a!');
    expect(instanceOfPlain(Late, { name: 'a' })).toBeUndefined();
  });
});
