import { BaseEnv } from '@clarion/config';
import { ErrorBody, ReplyOf, RequestDefinition, RequestOf, Requests } from '@clarion/contracts';
import { ErrorCode as NatsErrorCode, NatsConnection, NatsError } from 'nats';
import { RegistrationsAdminCommand } from './registrations-command';
import { connectOperatorNats } from './operator-nats';

type ReplyEnvelope<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };

/**
 * Runs an operator command against the running registrations service, over the deployment's NATS
 * (the command line has no NATS module of its own, like broadcast-account-change.ts).
 */
export async function runRegistrationsCommand(
  command: RegistrationsAdminCommand,
  env: BaseEnv,
): Promise<object> {
  const connection = await connectOperatorNats(env);
  try {
    const ask = <D extends RequestDefinition<unknown, unknown>>(
      definition: D,
      payload: RequestOf<D>,
    ) => request(connection, env, definition, payload);
    switch (command.kind) {
      case 'registrations list': {
        const { kind: _kind, ...filter } = command;
        return { registrations: await ask(Requests.listRegistrations, filter) };
      }
      case 'registrations show':
        return await ask(Requests.showRegistrations, { accountId: command.accountId });
      case 'registrations submit': {
        const { kind: _kind, ...submission } = command;
        return await ask(Requests.submitRegistration, submission);
      }
      case 'registrations decide': {
        const { kind: _kind, ...decision } = command;
        return await ask(Requests.decideRegistration, decision);
      }
    }
  } finally {
    await connection.close();
  }
}

async function request<D extends RequestDefinition<unknown, unknown>>(
  connection: NatsConnection,
  env: BaseEnv,
  definition: D,
  payload: RequestOf<D>,
): Promise<ReplyOf<D>> {
  const subject = [env.CLARION_NAMESPACE, definition.subject].filter(Boolean).join('.');
  try {
    const reply = await connection.request(subject, JSON.stringify(payload), {
      timeout: env.REQUEST_TIMEOUT_MS,
    });
    const envelope = reply.json<ReplyEnvelope<ReplyOf<D>>>();
    if (envelope.ok) return envelope.data;
    const { code, message, fix } = envelope.error;
    throw new Error(`${code}: ${message}${fix ? `\nfix: ${fix}` : ''}`);
  } catch (error) {
    if (error instanceof NatsError && error.code === NatsErrorCode.NoResponders) {
      throw new Error(
        `The registrations service is not running: nothing answers ${subject} on ${env.NATS_URL}. Start the system (npm start), with the same CLARION_NAMESPACE.`,
      );
    }
    // Connection loss is reported as a timeout too; either way the outcome is unknown.
    if (error instanceof NatsError && error.code === NatsErrorCode.Timeout) {
      throw new Error(
        `The registrations service did not answer ${subject} within ${env.REQUEST_TIMEOUT_MS} ms; check with \`registrations show\` whether the change was made.`,
      );
    }
    throw error;
  }
}
