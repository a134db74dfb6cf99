import { plainToInstance, Type } from 'class-transformer';
import {
  Allow,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Validate,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  validateSync,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { isCertainlyValid } from './compiled-validity';
import { GATEWAY_VALIDATOR_OPTIONS } from './test-peers/contract-rules';

class Item {
  @IsString()
  name!: string;
}

class Order {
  @ValidateIf((order: Order) => order.kind === 'named')
  @IsString()
  label?: unknown;

  @IsOptional()
  @IsString()
  kind?: unknown;

  @IsOptional()
  @ValidateNested()
  @Type(() => Item)
  items?: unknown;

  @IsOptional()
  @ValidateNested()
  extra?: unknown;

  @IsOptional()
  @IsString({ each: true })
  tags?: unknown;

  @Allow()
  note?: unknown;
}

class Counted {
  @IsDefined()
  count?: unknown;
}

class AnsweringLater {
  @ValidateBy({ name: 'answersLater', validator: { validate: () => Promise.resolve(true) } })
  later?: unknown;
}

@ValidatorConstraint({ name: 'isStrict', async: true })
class StrictConstraint implements ValidatorConstraintInterface {
  validate(): boolean {
    return true;
  }
}

class Asynchronous {
  @Validate(StrictConstraint)
  strict?: unknown;
}

class Throwing {
  @ValidateBy({ name: 'throws', validator: { validate: () => JSON.parse('{') as boolean } })
  value?: unknown;
}

/** What the compiled check answers, beside whether class-validator finds no error. */
function bothOn(dto: new () => object, body: object) {
  const sut = plainToInstance(dto, body);
  const certain = isCertainlyValid(sut, GATEWAY_VALIDATOR_OPTIONS);
  return { certain, accepted: validateSync(sut, GATEWAY_VALIDATOR_OPTIONS).length === 0 };
}

const VALID = { certain: true, accepted: true };
const INVALID = { certain: false, accepted: false };

describe(isCertainlyValid.name, () => {
  it('is certain of a body every rule accepts, an @Allow property included', () => {
    expect(bothOn(Order, { kind: 'named', label: 'a', items: [{ name: 'x' }], note: 1 })).toEqual(
      VALID,
    );
  });

  it('is not certain of a body with a key the class has no rule for', () => {
    expect(bothOn(Order, { kind: 'named', label: 'a', unexpected: 1 })).toEqual(INVALID);
  });

  it('skips a property whose @ValidateIf condition is false, and @IsOptional ones given null', () => {
    expect(bothOn(Order, { kind: 'other', label: 5 })).toEqual(VALID);
    expect(bothOn(Order, { kind: 'named', label: 5 })).toEqual(INVALID);
    expect(bothOn(Order, { kind: null, items: null, tags: null })).toEqual(VALID);
  });

  it('checks nested arrays element by element and refuses elements that are not objects', () => {
    expect(bothOn(Order, { items: [{ name: 'x' }, { name: 'y' }] })).toEqual(VALID);
    expect(bothOn(Order, { items: [{ name: 'x' }, { name: 2 }] })).toEqual(INVALID);
    expect(bothOn(Order, { items: ['x'] })).toEqual(INVALID);
    expect(bothOn(Order, { items: [null] })).toEqual(INVALID);
    expect(bothOn(Order, { items: 'x' })).toEqual(INVALID);
  });

  it('checks a nested object without @Type as the plain object it is: no key is allowed', () => {
    expect(bothOn(Order, { extra: {} })).toEqual(VALID);
    expect(bothOn(Order, { extra: { any: 1 } })).toEqual(INVALID);
  });

  it('applies an `each` rule to the elements of an array, and to the value itself otherwise', () => {
    expect(bothOn(Order, { tags: ['a', 'b'] })).toEqual(VALID);
    expect(bothOn(Order, { tags: ['a', 2] })).toEqual(INVALID);
    expect(bothOn(Order, { tags: 'a' })).toEqual(VALID);
    expect(bothOn(Order, { tags: 2 })).toEqual(INVALID);
  });

  it('is not certain of a Set where an `each` rule applies', () => {
    const sut = Object.assign(new Order(), { tags: new Set(['a']) });
    expect(isCertainlyValid(sut, GATEWAY_VALIDATOR_OPTIONS)).toBe(false);
    expect(validateSync(sut, GATEWAY_VALIDATOR_OPTIONS)).toEqual([]);
  });

  it('applies @IsDefined', () => {
    expect(bothOn(Counted, {})).toEqual(INVALID);
    expect(bothOn(Counted, { count: 0 })).toEqual(VALID);
  });

  it('is never certain of a class with an async constraint or one that answers a Promise', () => {
    // validateSync ignores both, so it accepts the body; what they would answer is unknown.
    expect(bothOn(AnsweringLater, { later: 1 })).toEqual({ certain: false, accepted: true });
    expect(bothOn(Asynchronous, { strict: 1 })).toEqual({ certain: false, accepted: true });
  });

  it('is not certain when a rule throws (class-validator, run next, throws the same way)', () => {
    expect(
      isCertainlyValid(plainToInstance(Throwing, { value: 1 }), GATEWAY_VALIDATOR_OPTIONS),
    ).toBe(false);
  });

  it('is not certain under options it does not model', () => {
    const body = plainToInstance(Item, { name: 'x' });
    expect(isCertainlyValid(body, GATEWAY_VALIDATOR_OPTIONS)).toBe(true);
    expect(isCertainlyValid(body, { ...GATEWAY_VALIDATOR_OPTIONS, groups: ['admin'] })).toBe(false);
    expect(isCertainlyValid(body, { ...GATEWAY_VALIDATOR_OPTIONS, whitelist: false })).toBe(false);
    expect(isCertainlyValid(body, undefined)).toBe(false);
  });

  it('applies a rule added after the class was first checked', () => {
    // Before the rule, `weight` is an unknown key: the last body proves the check was rebuilt.
    class Parcel {
      @IsString()
      label!: string;
    }
    expect(bothOn(Parcel, { label: 'box' })).toEqual(VALID);
    IsInt()(Parcel.prototype, 'weight');
    expect(bothOn(Parcel, { label: 'box', weight: 'heavy' })).toEqual(INVALID);
    expect(bothOn(Parcel, { label: 'box', weight: 3 })).toEqual(VALID);
  });
});
