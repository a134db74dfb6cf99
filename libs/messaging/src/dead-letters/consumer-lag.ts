import { STREAMS, StreamName } from '@clarion/contracts';
import { NatsConnection } from 'nats';
import { Namespacer } from '../connection/namespacer';

export interface ConsumerLag {
  stream: string;
  consumer: string;
  /** Stored and not yet handed to the consumer: the backlog. */
  waiting: number;
  /** Handed out and not yet settled, including those waiting out a retry's backoff. */
  inFlight: number;
  /** Of those in flight, how many were delivered more than once. */
  redelivered: number;
}

/**
 * How far behind every durable consumer is: during an outage, work waits here (and grows) rather
 * than going to the dead letters, and this is where an operator sees it.
 */
export async function consumerLag(
  connection: NatsConnection,
  namespace: string,
): Promise<ConsumerLag[]> {
  const manager = await connection.jetstreamManager();
  const names = new Namespacer({ namespace });
  const lags: ConsumerLag[] = [];
  for (const { name } of STREAMS) {
    if (name === StreamName.DEAD_LETTER) continue;
    const stream = names.stream(name);
    const consumers = await manager.consumers
      .list(stream)
      .next()
      .catch(() => []);
    for (const consumer of consumers) {
      if (!consumer.config.durable_name) continue;
      lags.push({
        stream: name,
        consumer: consumer.name,
        waiting: consumer.num_pending,
        inFlight: consumer.num_ack_pending,
        redelivered: consumer.num_redelivered,
      });
    }
  }
  return lags;
}
