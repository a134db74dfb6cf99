import { Logger, Provider } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { MESSAGING_OPTIONS, MessagingOptions } from '../messaging.options';
import { coalesceWrites } from './coalesced-writes';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/** One NATS connection per process; it reconnects forever, and boot waits for the first one. */
export const natsConnectionProvider: Provider = {
  provide: NATS_CONNECTION,
  inject: [MESSAGING_OPTIONS],
  useFactory: async (options: MessagingOptions): Promise<NatsConnection> => {
    const logger = new Logger('Nats');
    const connection = await connect({
      servers: options.natsUrl,
      name: options.serviceName,
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
      // The client would capture a stack trace for every request and publish ack to attribute
      // a later failure to its caller: a top function of every service under load.
      noAsyncTraces: true,
    });
    coalesceWrites(connection);
    logger.debug(`connected to ${connection.getServer()}`);
    void logStatus(connection, logger);
    return connection;
  },
};

async function logStatus(connection: NatsConnection, logger: Logger): Promise<void> {
  for await (const status of connection.status()) {
    if (status.type === 'disconnect' || status.type === 'reconnect') {
      logger.warn(`${status.type} ${String(status.data)}`);
    }
  }
}
