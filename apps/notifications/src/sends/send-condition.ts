import {
  ConditionSyntaxError,
  evaluateCondition,
  NormalizedSend,
  parseCondition,
} from '@clarion/contracts';
import { StoredRecipient } from '../users/users.repository';
import { userFieldsOf } from './recipient-scope';

/**
 * Whether a send's options.condition holds (a send without one always goes ahead), or why it
 * cannot be evaluated. The gateway rejects invalid conditions, so the latter is only for sends
 * accepted before a change of the language.
 */
export function conditionHolds(send: NormalizedSend, recipient: StoredRecipient): boolean | string {
  const source = send.options?.condition;
  if (source === undefined) return true;
  try {
    return evaluateCondition(parseCondition(source), {
      parameters: send.parameters,
      user: userFieldsOf(recipient),
    });
  } catch (error) {
    if (error instanceof ConditionSyntaxError)
      return `options.condition is invalid: ${error.message}`;
    throw error;
  }
}
