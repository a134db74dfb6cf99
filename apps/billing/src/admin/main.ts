import { NestFactory } from '@nestjs/core';
import { DatabaseEnv, loadEnv } from '@clarion/config';
import { StructuredLogger } from '@clarion/observability';
import { AccountsService } from '../accounts/accounts.service';
import { AdminCliModule } from './admin-cli.module';
import { parseAdminCommand } from './admin-command';

/** `npm run admin -- account create …`: prints the new Account as one JSON line on stdout. */
async function main(): Promise<void> {
  const command = parseAdminCommand(process.argv.slice(2));
  const env = loadEnv(DatabaseEnv);
  const app = await NestFactory.createApplicationContext(AdminCliModule.forRoot(env.DATABASE_URL), {
    logger: new StructuredLogger({ service: 'admin', format: 'pretty', level: 'warn' }),
  });
  try {
    const account = await app.get(AccountsService).createAccountWithOwner({
      name: command.name,
      ownerEmail: command.email,
    });
    process.stdout.write(`${JSON.stringify(account)}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
