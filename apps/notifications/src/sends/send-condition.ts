import {
  Channel,
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
  return evaluate('options.condition', send.options?.condition, send, recipient);
}

/**
 * Whether the condition of one channel holds: the hosted service's SDK puts one at
 * options.email.condition, which decides the email alone. Channels without one always go ahead.
 */
export function channelConditionHolds(
  channel: Channel,
  send: NormalizedSend,
  recipient: StoredRecipient,
): boolean | string {
  if (channel !== Channel.EMAIL) return true;
  return evaluate('options.email.condition', send.options?.email?.condition, send, recipient);
}

function evaluate(
  name: string,
  source: string | undefined,
  send: NormalizedSend,
  recipient: StoredRecipient,
): boolean | string {
  if (source === undefined) return true;
  try {
    return evaluateCondition(parseCondition(source), {
      parameters: send.parameters,
      user: userFieldsOf(recipient),
    });
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return `${name} is invalid: ${error.message}`;
    throw error;
  }
}
