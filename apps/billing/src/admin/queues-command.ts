import { BaseEnv } from '@clarion/config';
import {
  consumerLag,
  ConsumerLag,
  DeadLetters,
  DeadLetterSelection,
  DeadLetterSummary,
} from '@clarion/messaging';
import { connectOperatorNats } from './operator-nats';
import { formatTextTable } from './text-table';

/** Listings print as a table at a terminal, or as one JSON line with --json or into a pipe. */
export type ListingFormat = 'table' | 'json';

export interface DeadLettersAdminCommand {
  kind: 'dead-letters list' | 'dead-letters replay' | 'dead-letters drop';
  selection: DeadLetterSelection;
  format: ListingFormat;
}

export interface QueuesAdminCommand {
  kind: 'queues';
  format: ListingFormat;
}

export type QueuesOrDeadLettersCommand = DeadLettersAdminCommand | QueuesAdminCommand;

export const QUEUES_USAGE = [
  '       npm run admin -- queues [--json]            # backlog of every consumer',
  '       npm run admin -- dead-letters list [--consumer <durable>] [--json]',
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
  const format = listingFormat(values);
  const sequence = typeof values['sequence'] === 'string' ? Number(values['sequence']) : undefined;
  if (sequence !== undefined && !(Number.isInteger(sequence) && sequence > 0))
    fail('--sequence must be a positive whole number (from dead-letters list)');
  if (consumer !== undefined && !/^[\w-]+$/.test(consumer))
    fail('--consumer must name a durable consumer (see npm run admin -- queues)');
  switch (verb) {
    case 'list':
      return {
        kind: 'dead-letters list',
        selection: consumer ? { consumer } : { all: true },
        format,
      };
    case 'replay':
    case 'drop': {
      const chosen = [sequence !== undefined, consumer !== undefined, values['all'] === true];
      if (chosen.filter(Boolean).length !== 1)
        fail(`dead-letters ${verb} needs exactly one of --sequence, --consumer, --all`);
      const selection: DeadLetterSelection =
        sequence !== undefined ? { sequence } : consumer ? { consumer } : { all: true };
      return { kind: `dead-letters ${verb}`, selection, format };
    }
    default:
      return fail(`unknown command: dead-letters ${verb}`);
  }
}

export function listingFormat(values: Record<string, string | boolean | undefined>): ListingFormat {
  return values['json'] === true ? 'json' : 'table';
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

/** What a queue or dead-letter command prints: a listing as a table unless --json, else JSON. */
export function formatQueuesResult(command: QueuesOrDeadLettersCommand, result: object): string {
  if (command.format === 'table' && 'consumers' in result) {
    return formatTextTable(result.consumers as ConsumerLag[], [
      { heading: 'STREAM', value: (lag) => lag.stream },
      { heading: 'CONSUMER', value: (lag) => lag.consumer },
      { heading: 'WAITING', value: (lag) => lag.waiting, alignRight: true },
      { heading: 'IN FLIGHT', value: (lag) => lag.inFlight, alignRight: true },
      { heading: 'REDELIVERED', value: (lag) => lag.redelivered, alignRight: true },
    ]);
  }
  if (command.format === 'table' && 'deadLetters' in result) {
    return formatTextTable(result.deadLetters as DeadLetterSummary[], [
      { heading: 'SEQUENCE', value: (letter) => letter.sequence, alignRight: true },
      { heading: 'CONSUMER', value: (letter) => letter.consumer },
      { heading: 'DEAD-LETTERED AT', value: (letter) => letter.deadLetteredAt },
      { heading: 'DELIVERIES', value: (letter) => letter.deliveries, alignRight: true },
      { heading: 'REASON', value: (letter) => letter.reason, maxWidth: 60 },
      { heading: 'PREVIEW', value: (letter) => letter.preview, maxWidth: 60 },
    ]);
  }
  return `${JSON.stringify(result)}\n`;
}
