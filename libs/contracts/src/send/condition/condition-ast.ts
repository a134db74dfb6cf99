/** A value written in a condition: one of JSON's primitives. */
export type ConditionLiteral = string | number | boolean | null;

/** The objects a variable path starts from. */
export type ConditionRoot = 'parameters' | 'user';

export type ConditionFunction = 'exists' | 'lower' | 'upper' | 'length';

export type OrderOperator = '<' | '<=' | '>' | '>=';

export type BinaryOperator =
  '==' | '!=' | OrderOperator | 'in' | 'not in' | 'contains' | 'startsWith' | 'endsWith';

export interface LiteralNode {
  readonly kind: 'literal';
  readonly value: ConditionLiteral;
}

/** `[1, 'a']`: a list of literals, the right side of `in`. */
export interface ListNode {
  readonly kind: 'list';
  readonly items: readonly ConditionLiteral[];
}

/** `parameters.order.items[0]`: the root and the property names read after it. */
export interface PathNode {
  readonly kind: 'path';
  readonly root: ConditionRoot;
  readonly segments: readonly string[];
}

export interface CallNode {
  readonly kind: 'call';
  readonly name: ConditionFunction;
  readonly argument: ConditionNode;
}

export interface NotNode {
  readonly kind: 'not';
  readonly operand: ConditionNode;
}

export interface LogicalNode {
  readonly kind: 'logical';
  readonly operator: 'and' | 'or';
  readonly left: ConditionNode;
  readonly right: ConditionNode;
}

export interface BinaryNode {
  readonly kind: 'binary';
  readonly operator: BinaryOperator;
  readonly left: ConditionNode;
  readonly right: ConditionNode;
}

export type ConditionNode =
  LiteralNode | ListNode | PathNode | CallNode | NotNode | LogicalNode | BinaryNode;

/** A parsed condition: plain data, safe to cache or to send as JSON. */
export type CompiledCondition = ConditionNode;
