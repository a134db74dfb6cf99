import { ValidationArguments, ValidatorOptions } from 'class-validator';
import {
  ClassTarget,
  Condition,
  ConstraintPlan,
  planProperties,
  PropertyPlan,
} from './validity-plan';
import { whenRulesChange } from './validation-metadata-cache';

/**
 * Nearly every request body is valid, yet class-validator spends most of its time on bookkeeping
 * (ValidationError objects, metadata filtering, closures per property) that only matters for a
 * refused body. Here each class's rules are read once into a plain list, and a body is run through
 * the same constraints with none of that.
 *
 * It only ever says "certainly valid": `true` means `validateSync(object, options)` would answer no
 * errors (class-validator 0.15.1, ValidationExecutor); `false` means "unsure", and the caller runs
 * class-validator, which also words the messages. So whatever it does not model (groups, `always`,
 * `context`, per-rule `validateIf`, async constraints, a constraint answering a Promise, Set and
 * Map values, an unknown rule type, a key that is not own metadata of the class) answers `false`.
 */

type Check = (object: object) => boolean;

const UNSURE: Check = () => false;
const checks = new Map<unknown, Check>();
let watchingForNewRules = false;

/**
 * Whether `validateSync(object, options)` would certainly find no error; false when unsure. Only
 * for the options the gateway validates with (whitelist, forbidNonWhitelisted, no groups...).
 */
export function isCertainlyValid(object: object, options: ValidatorOptions | undefined): boolean {
  if (!hasModelledOptions(options)) return false;
  try {
    return compiledCheckOf(object.constructor)(object);
  } catch {
    // A rule threw: class-validator, run next, throws the same way.
    return false;
  }
}

/** The compiled check of a class, built on first use and kept until a rule is added. */
function compiledCheckOf(target: unknown): Check {
  if (typeof target !== 'function') return UNSURE;
  if (!watchingForNewRules) {
    // Rules may be added after a check was compiled (as the metadata cache also allows): start over.
    watchingForNewRules = true;
    whenRulesChange(() => checks.clear());
  }
  let check = checks.get(target);
  if (!check) {
    check = compile(target);
    checks.set(target, check);
  }
  return check;
}

function hasModelledOptions(options: ValidatorOptions | undefined): boolean {
  return (
    options?.whitelist === true &&
    options.forbidNonWhitelisted === true &&
    options.forbidUnknownValues === false &&
    !options.groups?.length &&
    !options.always &&
    !options.strictGroups &&
    !options.skipMissingProperties &&
    !options.skipNullProperties &&
    !options.skipUndefinedProperties
  );
}

function compile(target: ClassTarget): Check {
  try {
    const plans = planProperties(target);
    return plans ? checkOf(target.name, plans) : UNSURE;
  } catch {
    return UNSURE;
  }
}

function checkOf(targetName: string, plans: PropertyPlan[]): Check {
  const known = new Set(plans.map((plan) => plan.name));
  return (object) => {
    // forbidNonWhitelisted: an own key without rules is an error. (class-validator looks keys up
    // in a plain object, so it lets `constructor` through; answering false there is only unsure.)
    for (const key of Object.keys(object)) if (!known.has(key)) return false;
    for (const plan of plans) {
      const value: unknown = (object as Record<string, unknown>)[plan.name];
      if (!conditionsHold(plan.conditions, object, value)) continue;
      for (const constraint of plan.constraints) {
        if (!satisfies(constraint, object, value, targetName)) return false;
      }
      if (plan.nested && !isValidNested(value)) return false;
    }
    return true;
  };
}

function conditionsHold(conditions: Condition[], object: object, value: unknown): boolean {
  let hold = true;
  // Every condition is called, as the executor does, so one that throws is not skipped.
  for (const condition of conditions) if (!condition(object, value)) hold = false;
  return hold;
}

function satisfies(
  { rule, validators }: ConstraintPlan,
  object: object,
  value: unknown,
  targetName: string,
): boolean {
  if (rule.each && (value instanceof Set || value instanceof Map)) return false;
  const eachElement = rule.each && Array.isArray(value);
  for (const validator of validators) {
    // A fresh one per call, as the executor makes: a constraint may keep what it is given.
    const args: ValidationArguments = {
      targetName,
      property: rule.propertyName,
      object,
      value,
      constraints: rule.constraints,
    };
    const passed = eachElement
      ? (value as unknown[]).every((element) => isTrue(validator.validate(element, args)))
      : isTrue(validator.validate(value, args));
    if (!passed) return false;
  }
  return true;
}

/** A Promise is ignored by validateSync, so its answer is unknown here: unsure. */
function isTrue(result: unknown): boolean {
  const isPromise =
    result !== null &&
    typeof result === 'object' &&
    typeof (result as { then?: unknown }).then === 'function';
  return !isPromise && Boolean(result);
}

/** @ValidateNested: undefined passes, arrays element by element, objects by their own class. */
function isValidNested(value: unknown): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.every(isValidNested);
  if (value instanceof Set || value instanceof Map) return false;
  if (!(value instanceof Object)) return false; // a primitive, null, or Object.create(null)
  return compiledCheckOf(value.constructor)(value);
}
