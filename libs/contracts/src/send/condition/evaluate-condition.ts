import { CompiledCondition, ConditionNode } from './condition-ast';
import { applyFunction, applyOperator } from './condition-operators';
import { ConditionValue, isTruthy, readPath } from './condition-values';

/** What a condition's variables refer to: `parameters.…` and `user.…`. */
export interface ConditionScope {
  parameters: Record<string, unknown>;
  user: Record<string, unknown>;
}

/**
 * Whether a parsed condition holds for a send. Never throws: should a hostile value in the scope
 * (a throwing proxy, say) break evaluation, the condition does not hold.
 */
export function evaluateCondition(condition: CompiledCondition, scope: ConditionScope): boolean {
  try {
    return isTruthy(evaluate(condition, scope));
  } catch {
    return false;
  }
}

function evaluate(node: ConditionNode, scope: ConditionScope): ConditionValue {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'list':
      return node.items;
    case 'path':
      return readPath(node.root === 'parameters' ? scope.parameters : scope.user, node.segments);
    case 'call':
      return applyFunction(node.name, evaluate(node.argument, scope));
    case 'not':
      return !isTruthy(evaluate(node.operand, scope));
    case 'logical':
      return node.operator === 'and'
        ? isTruthy(evaluate(node.left, scope)) && isTruthy(evaluate(node.right, scope))
        : isTruthy(evaluate(node.left, scope)) || isTruthy(evaluate(node.right, scope));
    case 'binary':
      return applyOperator(node.operator, evaluate(node.left, scope), evaluate(node.right, scope));
  }
}
