import {
  getMetadataStorage,
  MetadataStorage,
  ValidationTypes,
  ValidatorConstraintInterface,
} from 'class-validator';

type Rule = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
/** A class, as class-validator types it. */
export type ClassTarget = Parameters<MetadataStorage['getTargetValidationMetadatas']>[0];
export type Condition = (object: object, value: unknown) => unknown;

export interface ConstraintPlan {
  rule: Rule;
  validators: ValidatorConstraintInterface[];
}

/** What the compiled check of a class does for one of its properties. */
export interface PropertyPlan {
  name: string;
  /** @ValidateIf and @IsOptional: when any is falsy the property is not validated at all. */
  conditions: Condition[];
  /** Custom rules (every built-in decorator) and @IsDefined, which run alike without skip options. */
  constraints: ConstraintPlan[];
  nested: boolean;
}

/**
 * The rules of a class grouped by property, as ValidationExecutor groups them for the gateway's
 * options; undefined when a rule uses something the compiled check does not model (groups,
 * `always`, `context`, per-rule `validateIf`, an async or missing constraint, another rule type).
 */
export function planProperties(target: ClassTarget): PropertyPlan[] | undefined {
  const storage = getMetadataStorage();
  // As the executor asks (its schema argument only selects string-named schemas, which we have none).
  const rules = storage.getTargetValidationMetadatas(target, '', false, false, undefined);
  const byName = new Map<string, PropertyPlan>();
  for (const rule of rules) {
    if (rule.groups?.length || rule.always !== undefined || rule.context !== undefined) return;
    if (rule.validateIf !== undefined) return;
    let plan = byName.get(rule.propertyName);
    if (!plan) {
      plan = { name: rule.propertyName, conditions: [], constraints: [], nested: false };
      byName.set(rule.propertyName, plan);
    }
    switch (rule.type) {
      case ValidationTypes.CONDITIONAL_VALIDATION: {
        const condition: unknown = rule.constraints?.[0];
        if (typeof condition !== 'function') return;
        plan.conditions.push(condition as Condition);
        break;
      }
      case ValidationTypes.IS_DEFINED:
      case ValidationTypes.CUSTOM_VALIDATION: {
        const constraints = storage.getTargetValidatorConstraints(rule.constraintCls);
        if (constraints.length === 0 || constraints.some((constraint) => constraint.async)) return;
        // `instance` is getFromContainer's, as the executor's, asked once: the default container
        // (the gateway sets no other) answers the same instance every time.
        plan.constraints.push({ rule, validators: constraints.map((c) => c.instance) });
        break;
      }
      case ValidationTypes.NESTED_VALIDATION:
        plan.nested = true;
        break;
      case ValidationTypes.WHITELIST:
        break; // @Allow: known, nothing to check
      default:
        return; // promise validation, or a type this was not written for
    }
  }
  return [...byName.values()];
}
