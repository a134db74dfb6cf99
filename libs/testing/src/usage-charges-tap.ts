import { UsageChargeJob } from '@clarion/contracts';
import { AckPolicy, NatsConnection } from 'nats';

/**
 * Takes the usage charges a service publishes off the namespace's USAGE work queue, acking them
 * as billing would, so a test sees exactly the charges published since its last look.
 */
export class UsageChargesTap {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly stream: string,
    private readonly durable: string,
  ) {}

  static async open(
    connection: NatsConnection,
    namespace: string,
    durable = 'test-usage-charges',
  ): Promise<UsageChargesTap> {
    const stream = `${namespace}_USAGE`;
    const manager = await connection.jetstreamManager();
    await manager.consumers.add(stream, { durable_name: durable, ack_policy: AckPolicy.Explicit });
    return new UsageChargesTap(connection, stream, durable);
  }

  /** The charges published since the last call, by chargeId; each message id is its chargeId. */
  async take(): Promise<UsageChargeJob[]> {
    const consumer = await this.connection.jetstream().consumers.get(this.stream, this.durable);
    const charges: UsageChargeJob[] = [];
    for await (const message of await consumer.fetch({ max_messages: 100, expires: 1_000 })) {
      const charge = message.json<UsageChargeJob>();
      if (message.headers?.get('Nats-Msg-Id') !== charge.chargeId) {
        throw new Error(`${charge.chargeId} was published under another message id`);
      }
      charges.push(charge);
      message.ack();
    }
    return charges.sort((a, b) => a.chargeId.localeCompare(b.chargeId));
  }
}
