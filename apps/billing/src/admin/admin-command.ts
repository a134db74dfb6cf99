import { parseArgs } from 'node:util';
import { AccountStatus } from '@clarion/contracts';
import {
  listingFormat,
  parseDeadLettersCommand,
  QueuesOrDeadLettersCommand,
  QUEUES_USAGE,
} from './queues-command';
import {
  parseRegistrationsCommand,
  RegistrationsAdminCommand,
  REGISTRATIONS_USAGE,
} from './registrations-command';

export interface CreateAccountAdminCommand {
  kind: 'account create';
  name: string;
  email: string;
  password?: string;
}

export interface SetAccountStatusAdminCommand {
  kind: 'account set-status';
  accountId: string;
  status: AccountStatus;
}

export type AdminCommand =
  | CreateAccountAdminCommand
  | SetAccountStatusAdminCommand
  | RegistrationsAdminCommand
  | QueuesOrDeadLettersCommand;

export const ADMIN_USAGE = [
  'usage: npm run admin -- account create --name <name> --email <owner email> [--password <password>]',
  '       npm run admin -- account set-status --account <accountId> --status verified|unverified|blocked',
  REGISTRATIONS_USAGE,
  QUEUES_USAGE,
].join('\n');

const STATUSES: readonly AccountStatus[] = ['verified', 'unverified', 'blocked'];

/** Parses the admin command line; throws with the usage lines when it does not fit. */
export function parseAdminCommand(argv: string[]): AdminCommand {
  const {
    values: { all, json, ...values },
    positionals,
  } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      account: { type: 'string' },
      status: { type: 'string' },
      subject: { type: 'string' },
      reason: { type: 'string' },
      operator: { type: 'string' },
      consumer: { type: 'string' },
      sequence: { type: 'string' },
      all: { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  if (positionals[0] === 'registrations' && positionals.length === 2) {
    return parseRegistrationsCommand(positionals[1] ?? '', values, ADMIN_USAGE);
  }
  if (positionals[0] === 'dead-letters' && positionals.length === 2) {
    return parseDeadLettersCommand(positionals[1] ?? '', { ...values, all, json }, ADMIN_USAGE);
  }
  switch (positionals.join(' ')) {
    case 'queues':
      return { kind: 'queues', format: listingFormat({ json }) };
    case 'account create':
      return createAccount(values);
    case 'account set-status':
      return setStatus(values);
    default:
      throw new Error(ADMIN_USAGE);
  }
}

function createAccount(values: Record<string, string | undefined>): CreateAccountAdminCommand {
  const name = values['name']?.trim();
  const email = values['email']?.trim();
  const password = values['password'];
  if (!name) throw new Error(`--name is required\n${ADMIN_USAGE}`);
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new Error(`--email must be an email address\n${ADMIN_USAGE}`);
  }
  if (password !== undefined && password.length < 8) {
    throw new Error(`--password must have at least 8 characters\n${ADMIN_USAGE}`);
  }
  return { kind: 'account create', name, email, ...(password !== undefined && { password }) };
}

function setStatus(values: Record<string, string | undefined>): SetAccountStatusAdminCommand {
  const accountId = values['account']?.trim();
  const status = STATUSES.find((s) => s === values['status']);
  if (!accountId || !/^[0-9a-f-]{36}$/i.test(accountId))
    throw new Error(`--account must be an accountId\n${ADMIN_USAGE}`);
  if (!status) throw new Error(`--status must be one of ${STATUSES.join(', ')}\n${ADMIN_USAGE}`);
  return { kind: 'account set-status', accountId, status };
}
