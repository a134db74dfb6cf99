import { NestFactory } from '@nestjs/core';
import { BaseEnv, DatabaseEnv, loadEnv } from '@clarion/config';
import { StructuredLogger } from '@clarion/observability';
import { AccountsService } from '../accounts/accounts.service';
import { BillingEnv } from '../billing.env';
import { AdminCliModule } from './admin-cli.module';
import { AdminCommand, parseAdminCommand } from './admin-command';
import { broadcastAccountChange } from './broadcast-account-change';
import { assertOperatorDatabaseReachable } from './operator-database';
import { formatQueuesResult, QueuesOrDeadLettersCommand, runQueuesCommand } from './queues-command';
import { runRegistrationsCommand } from './registrations-client';
import { RegistrationsAdminCommand } from './registrations-command';

/**
 * `npm run admin -- …`: operator commands; each prints its result as one JSON line on stdout,
 * but for listings (queues, dead letters), which are a table at a terminal unless --json.
 */
async function main(): Promise<void> {
  const command = parseAdminCommand(process.argv.slice(2));
  if (isQueuesCommand(command)) {
    // Queues and dead letters live in JetStream: no service needs to be running.
    const result = await runQueuesCommand(command, loadEnv(BaseEnv));
    // A table is for a person at a terminal; a pipe or a script gets JSON as from every command.
    const format = process.stdout.isTTY ? command.format : 'json';
    process.stdout.write(formatQueuesResult({ ...command, format }, result));
    return;
  }
  if (isRegistrationsCommand(command)) {
    // Operators act through the running registrations service, which owns the records.
    const result = await runRegistrationsCommand(command, loadEnv(BaseEnv));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  // Billing's own configuration: the command line acts on billing's data as billing would.
  const env = loadEnv(BillingEnv);
  await assertOperatorDatabaseReachable(env.DATABASE_URL);
  const app = await NestFactory.createApplicationContext(AdminCliModule.forRoot(env), {
    logger: new StructuredLogger({ service: 'admin', format: 'pretty', level: 'warn' }),
  });
  try {
    const result = await run(command, app.get(AccountsService), env);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
  }
}

function isQueuesCommand(command: AdminCommand): command is QueuesOrDeadLettersCommand {
  return command.kind === 'queues' || command.kind.startsWith('dead-letters ');
}

function isRegistrationsCommand(command: AdminCommand): command is RegistrationsAdminCommand {
  return command.kind.startsWith('registrations ');
}

async function run(
  command: Exclude<AdminCommand, RegistrationsAdminCommand | QueuesOrDeadLettersCommand>,
  accounts: AccountsService,
  env: DatabaseEnv,
): Promise<object> {
  switch (command.kind) {
    case 'account create':
      return accounts.createAccountWithOwner({
        name: command.name,
        ownerEmail: command.email,
        ownerPassword: command.password,
      });
    case 'account set-status': {
      const account = await accounts.setStatus(command.accountId, command.status);
      if (!(await broadcastAccountChange(env, command.accountId))) {
        process.stderr.write(
          'NATS is not reachable: running gateways see the change within 30 s.\n',
        );
      }
      return account;
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
