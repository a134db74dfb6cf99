import { spawnSync } from 'node:child_process';

/**
 * The README's first hour, each command exactly as the README shows it (the spec checks that it
 * still does, so the two cannot drift apart). Lines that only paste a value (`KEY=…`) are done by
 * the test, which sets the variable to what the command before printed.
 */
export const README_WALKTHROUGH = {
  start: 'npm ci && npm start',
  createAccount: 'npm run admin -- account create --name "Acme" --email owner@acme.test',
  pasteKey: 'KEY=clarion_sk_…',
  environments: 'curl -s localhost:3000/environments -H "Authorization: Bearer $KEY"',
  pasteClientId: 'CLIENT_ID=…',
  send: [
    `curl -s localhost:3000/send -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \\`,
    `  -d '{"type":"welcome","to":{"id":"ada","email":"ada@example.test"},"forceChannels":["INAPP_WEB"],`,
    `       "inapp":{"title":"Welcome, {{name}}!"},"parameters":{"name":"Ada"}}'`,
  ].join('\n'),
  inbox: `curl -s localhost:3000/user/inapp -H "Authorization: Basic $(printf '%s:ada:' "$CLIENT_ID" | base64)"`,
  log: 'curl -s localhost:3000/logs/<trackingId> -H "Authorization: Bearer $KEY"',
  createInbox: [
    `curl -s localhost:3000/addresses -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \\`,
    `  -d '{"prefix":"support"}'`,
  ].join('\n'),
  // The message goes to curl on its standard input: no file in a folder shared with other users.
  mailInbox: [
    "printf 'From: Ada <ada@example.test>\\r\\nTo: support@inbox.clarion.localhost\\r\\nSubject: Hello\\r\\n\\r\\nHi!\\r\\n' |",
    '  curl -s smtp://localhost:2525 --mail-from ada@example.test --mail-rcpt support@inbox.clarion.localhost --upload-file -',
  ].join('\n'),
  logsTail: 'curl -s localhost:3000/logs/tail -H "Authorization: Bearer $KEY"',
};

export interface ShellSession {
  /** The environment of the terminal: what the user exported, and the values pasted so far. */
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where the README's `localhost:3000` is in this run. */
  gatewayPort: number;
  /** Where the README's `localhost:2525` (the inbound mail server) is in this run. */
  smtpPort: number;
}

/** Runs one README command through bash as a user would type it; its stdout, or why it failed. */
export function runAsWritten(
  session: ShellSession,
  command: string,
  placeholders: Record<string, string> = {},
): string {
  let line = command
    .replaceAll('localhost:3000', `localhost:${session.gatewayPort}`)
    .replaceAll('localhost:2525', `localhost:${session.smtpPort}`);
  for (const [placeholder, value] of Object.entries(placeholders)) {
    line = line.replaceAll(placeholder, value);
  }
  const result = spawnSync('bash', ['-c', line], {
    cwd: session.cwd,
    env: session.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) {
    throw new Error(`\`${line}\` failed (${result.status ?? result.signal}): ${result.stderr}`);
  }
  return result.stdout;
}

/** The last line of output that is JSON (npm prints its own header lines first). */
export function lastJsonLine<T>(output: string): T {
  const line = output
    .trim()
    .split('\n')
    .reverse()
    .find((candidate) => /^[[{]/.test(candidate));
  if (line === undefined) throw new Error(`no JSON in ${output}`);
  return JSON.parse(line) as T;
}
