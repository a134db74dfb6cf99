import { BaseEnv } from '@clarion/config';
import { consumerLag, DeadLetters, DeadLetterSelection } from '@clarion/messaging';
import { connectOperatorNats } from './operator-nats';

export interface DeadLettersAdminCommand {
  kind: 'dead-letters list' | 'dead-letters replay' | 'dead-letters drop';
  selection: DeadLetterSelection;
}

export interface QueuesAdminCommand {
  kind: 'queues';
}

export type QueuesOrDeadLettersCommand = DeadLettersAdminCommand | QueuesAdminCommand;

export const QUEUES_USAGE = [
  '       npm run admin -- queues                     # backlog of every consumer',
  '       npm run admin -- dead-letters list [--consumer <durable>]',
  '       npm run admin -- dead-letters replay|drop --sequence <n> | --consumer <durable> | --all',
].join('\n');

/** Parses `dead-letters <verb>`; list selects all letters unless a consumer is named. */
export function parseDeadLettersCommand(
  verb: string,
  values: Record<string, string | boolean | undefined>,
  usage: string,
): DeadLettersAdminCommand {
  const fail = (problem: string): never => {
    throw new Error(`${problem}\n${usage}`);
  };
  const consumer = typeof values['consumer'] === 'string' ? values['consumer'].trim() : undefined;
  const sequence = typeof values['sequence'] === 'string' ? Number(values['sequence']) : undefined;
  if (sequence !== undefined && !(Number.isInteger(sequence) && sequence > 0))
    fail('--sequence must be a positive whole number (from dead-letters list)');
  if (consumer !== undefined && !/^[\w-]+$/.test(consumer))
    fail('--consumer must name a durable consumer (see npm run admin -- queues)');
  switch (verb) {
    case 'list':
      return { kind: 'dead-letters list', selection: consumer ? { consumer } : { all: true } };
    case 'replay':
    case 'drop': {
      const chosen = [sequence !== undefined, consumer !== undefined, values['all'] === true];
      if (chosen.filter(Boolean).length !== 1)
        fail(`dead-letters ${verb} needs exactly one of --sequence, --consumer, --all`);
      const selection: DeadLetterSelection =
        sequence !== undefined ? { sequence } : consumer ? { consumer } : { all: true };
      return { kind: `dead-letters ${verb}`, selection };
    }
    default:
      return fail(`unknown command: dead-letters ${verb}`);
  }
}

/** Runs a queue or dead-letter command straight against the deployment's JetStream. */
export async function runQueuesCommand(
  command: QueuesOrDeadLettersCommand,
  env: BaseEnv,
): Promise<object> {
  const connection = await connectOperatorNats(env);
  try {
    const deadLetters = new DeadLetters(connection, env.CLARION_NAMESPACE);
    switch (command.kind) {
      case 'queues':
        return { consumers: await consumerLag(connection, env.CLARION_NAMESPACE) };
      case 'dead-letters list':
        return {
          deadLetters: await deadLetters.list(
            'consumer' in command.selection ? command.selection.consumer : undefined,
          ),
        };
      case 'dead-letters replay':
        return deadLetters.replay(command.selection);
      case 'dead-letters drop':
        return deadLetters.drop(command.selection);
    }
  } finally {
    await connection.close();
  }
}
