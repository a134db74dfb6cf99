export type { CompiledCondition } from './condition-ast';
export { parseCondition } from './condition-parser';
export { ConditionSyntaxError } from './condition-syntax-error';
export { evaluateCondition } from './evaluate-condition';
export type { ConditionScope } from './evaluate-condition';
