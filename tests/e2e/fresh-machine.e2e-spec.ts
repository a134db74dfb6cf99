import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@clarion/contracts';
import { eventually, freePort, freeStartPorts } from '@clarion/testing';
import { NpmStartProcess, processesLeft } from './npm-start-process';
import { lastJsonLine, README_WALKTHROUGH, runAsWritten, ShellSession } from './readme-walkthrough';

const ROOT = join(__dirname, '..', '..');
/** What the test run sets for itself, and a new user's terminal does not have. */
const TEST_RUN_VARIABLES = [
  'DATABASE_URL',
  'NATS_URL',
  'CLARION_NAMESPACE',
  'LOG_FORMAT',
  'LOG_LEVEL',
];
/** tools/start.mjs pads every label to the longest service name. */
const LABEL_WIDTH = Math.max(...SERVICE_NAMES.map((service) => service.length));

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(!socket.destroy()));
    socket.once('error', () => resolve(false));
  });
}

/**
 * A new user's first hour, on a machine where nothing answers at the configured PostgreSQL and
 * NATS (free ports stand in for an empty machine): `npm start`, the README's commands through
 * `npm run …` and curl exactly as written, then Ctrl-C in the terminal.
 */
describe('the README walkthrough on a machine without PostgreSQL and NATS', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'clarion-fresh-'));
  let system: NpmStartProcess;
  let session: ShellSession;
  let databasePort: number;
  let natsPort: number;

  beforeAll(async () => {
    // As root, the embedded PostgreSQL runs as the postgres user, who must reach the data folder.
    chmodSync(dataDir, 0o755);
    [databasePort, natsPort] = [await freePort(), await freePort()];
    const ports = await freeStartPorts();
    // The user's terminal: none of the test run's own servers, URLs where nothing answers.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !TEST_RUN_VARIABLES.includes(name)),
    );
    session = {
      cwd: ROOT,
      gatewayPort: Number(ports.GATEWAY_PORT),
      smtpPort: Number(ports.EMAIL_INBOUND_PORT),
      env: {
        ...inherited,
        ...ports,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${databasePort}/clarion`,
        NATS_URL: `nats://127.0.0.1:${natsPort}`,
        CLARION_DATA_DIR: dataDir,
      },
    };
    // `npm ci` has been run: the test starts at `npm start`.
    system = NpmStartProcess.start(ROOT, session.env);
    await system.waitForOutput(`all ${SERVICE_NAMES.length} services ready`, 120_000);
  });

  afterAll(() => {
    system.killGroup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts an embedded PostgreSQL and nats-server and prints one line per service until ready', () => {
    expect(README_WALKTHROUGH.start).toContain('npm start');
    const boot = system.output.slice(0, system.output.indexOf('services ready'));
    expect(boot).toContain(`started an embedded one on port ${databasePort}`);
    expect(boot).toContain(`started nats-server -js on port ${natsPort}`);

    const serviceLines = boot.split('\n').filter((line) => /^\[[a-z-]+ *\] /.test(line));
    for (const service of SERVICE_NAMES) {
      const own = serviceLines.filter((line) =>
        line.startsWith(`[${service.padEnd(LABEL_WIDTH)}]`),
      );
      expect(own.filter((line) => line.includes(`[${service}] ready in`))).toHaveLength(1);
      // Warnings stay; details (Nest's modules and routes, consumers, migrations) are debug.
      expect(own.filter((line) => !/\] ready in | WARN /.test(line))).toEqual([]);
    }
    expect(boot).not.toContain('\x1b[');
  });

  it("runs the README's commands as written: first account, first send, the inbox, the log", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const command of Object.values(README_WALKTHROUGH)) expect(readme).toContain(command);

    const account = lastJsonLine<{ apiKey: string }>(
      runAsWritten(session, README_WALKTHROUGH.createAccount),
    );
    expect(account.apiKey).toMatch(/^clarion_sk_/);
    session.env.KEY = account.apiKey;

    const environments = lastJsonLine<{ clientId: string }[]>(
      runAsWritten(session, README_WALKTHROUGH.environments),
    );
    expect(environments).toHaveLength(1);
    session.env.CLIENT_ID = environments[0]?.clientId;

    const sent = lastJsonLine<{ trackingId: string }>(
      runAsWritten(session, README_WALKTHROUGH.send),
    );
    expect(sent.trackingId).toMatch(/^[0-9a-f-]{36}$/);

    const inbox = await eventually(() => {
      const output = runAsWritten(session, README_WALKTHROUGH.inbox);
      return output.includes('Welcome, Ada!') ? output : undefined;
    });
    expect(lastJsonLine(inbox)).toMatchObject({
      notifications: [{ id: sent.trackingId, title: 'Welcome, Ada!' }],
    });
    // The log record is written by the logs service from the send's events, a moment after the
    // inbox entry: read until it is there, as the README's reader would.
    const log = await eventually(() => {
      const found = lastJsonLine<{ logs: { trackingId: string }[] }>(
        runAsWritten(session, README_WALKTHROUGH.log, { '<trackingId>': sent.trackingId }),
      );
      return found.logs.length > 0 ? found : undefined;
    });
    expect(log.logs.map((entry) => entry.trackingId)).toEqual([sent.trackingId]);

    // Email: an inbox, a message handed to Clarion's mail server, and the message in the logs.
    const inboxAddress = lastJsonLine<{ address: { fullAddress: string } }>(
      runAsWritten(session, README_WALKTHROUGH.createInbox),
    );
    expect(inboxAddress.address.fullAddress).toBe('support@inbox.clarion.localhost');
    runAsWritten(session, README_WALKTHROUGH.mailInbox);
    const inbound = await eventually(() => {
      const found = lastJsonLine<{ logs: Record<string, unknown>[] }>(
        runAsWritten(session, README_WALKTHROUGH.logsTail),
      );
      return found.logs.find((entry) => entry['email_inbound_subject'] === 'Hello');
    });
    expect(inbound).toMatchObject({
      email_inbound_from: 'ada@example.test',
      email_inbound_inbox: 'support@inbox.clarion.localhost',
      email_inbound_body_text: expect.stringContaining('Hi!'),
    });
  });

  it('stops the services, then both servers, on Ctrl-C to the whole process group', async () => {
    const before = system.output.length;
    const { code, tookMs } = await system.interrupt(8_000);

    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(8_000);
    const shutdown = system.output.slice(before);
    expect(shutdown).toMatch(/\[clarion *\] stopped\n/);
    // The servers outlived the services, so nothing lost its connection while it drained.
    expect(shutdown).not.toMatch(/disconnect|failed| WARN | ERROR /);
    expect(processesLeft(system.groupId, dataDir)).toEqual([]);
    await expect(isListening(databasePort)).resolves.toBe(false);
    await expect(isListening(natsPort)).resolves.toBe(false);
  });
});
