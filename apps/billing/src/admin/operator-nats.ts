import { BaseEnv, natsServersOf } from '@clarion/config';
import { connect, NatsConnection } from 'nats';

/** The deployment's NATS for an operator command, or an error that says how to get it. */
export function connectOperatorNats(env: BaseEnv): Promise<NatsConnection> {
  return connect({ servers: natsServersOf(env.NATS_URL), timeout: 2_000 }).catch(
    (error: unknown) => {
      throw new Error(
        `NATS is not reachable at ${env.NATS_URL} (${String(error)}): start the system (npm start) or set NATS_URL.`,
      );
    },
  );
}
