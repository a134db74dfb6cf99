import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];

const CACHED = Symbol('clarion.validationMetadataCached');

/**
 * class-validator looks up the rules of a class on every validation of every nested object, by
 * scanning the rules of every class it knows (a few thousand here): under load, that lookup was
 * the top function of the gateway. The rules are fixed once the contract classes are loaded, so
 * each answer is kept per class and options, and forgotten whenever a rule is added; so is its
 * grouping by property, which class-validator also rebuilt on every validation of every object.
 */
export function cacheValidationMetadata(): void {
  const storage = getMetadataStorage() as MetadataStorage & { [CACHED]?: true };
  if (storage[CACHED]) return;
  storage[CACHED] = true;
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const answers = new Map<unknown, Map<string, ReturnType<Lookup>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    let byOptions = answers.get(target);
    if (!byOptions) answers.set(target, (byOptions = new Map()));
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let rules = byOptions.get(key);
    if (!rules) {
      rules = lookup(target, schema, always, strictGroups, groups);
      byOptions.set(key, rules);
    }
    return rules;
  };
  const group = storage.groupByPropertyName.bind(storage);
  const groupings = new WeakMap<object, ReturnType<typeof group>>();
  storage.groupByPropertyName = (rules) => {
    let grouped = groupings.get(rules);
    if (!grouped) {
      grouped = group(rules);
      groupings.set(rules, grouped);
    }
    return grouped;
  };
  whenRulesChange(() => answers.clear());
}

const listeners: (() => void)[] = [];

/**
 * Calls `listener` whenever a rule or a constraint is added to class-validator's storage, so
 * that what was derived from the rules (this cache, compiled checks) is derived again.
 */
export function whenRulesChange(listener: () => void): void {
  if (listeners.push(listener) > 1) return;
  const storage = getMetadataStorage();
  const addRule = storage.addValidationMetadata.bind(storage);
  const addConstraint = storage.addConstraintMetadata.bind(storage);
  storage.addValidationMetadata = (rule) => {
    listeners.forEach((changed) => changed());
    addRule(rule);
  };
  storage.addConstraintMetadata = (constraint) => {
    listeners.forEach((changed) => changed());
    addConstraint(constraint);
  };
}
