import { parseArgs } from 'node:util';

export interface CreateAccountAdminCommand {
  kind: 'account create';
  name: string;
  email: string;
}

export const ADMIN_USAGE =
  'usage: npm run admin -- account create --name <name> --email <owner email>';

/** Parses the admin command line; throws with the usage line when it does not fit. */
export function parseAdminCommand(argv: string[]): CreateAccountAdminCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, email: { type: 'string' } },
  });
  if (positionals.join(' ') !== 'account create') throw new Error(ADMIN_USAGE);
  const name = values.name?.trim();
  const email = values.email?.trim();
  if (!name) throw new Error(`--name is required\n${ADMIN_USAGE}`);
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new Error(`--email must be an email address\n${ADMIN_USAGE}`);
  }
  return { kind: 'account create', name, email };
}
