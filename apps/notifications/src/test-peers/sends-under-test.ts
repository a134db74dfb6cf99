import {
  Channel,
  EventEnvelope,
  Jobs,
  newTimeOrderedId,
  SendCommand,
  SendDto,
  TenantScope,
} from '@clarion/contracts';
import { MessagingClient, payloadsOf } from '@clarion/messaging';
import { NatsConnection } from 'nats';

/** Puts a send on SENDS as the gateway accepts it; answers its trackingId. */
export async function acceptSend(
  messaging: MessagingClient,
  tenant: TenantScope,
  body: SendDto,
): Promise<string> {
  const command: SendCommand = {
    trackingId: newTimeOrderedId(),
    ...tenant,
    receivedAt: new Date().toISOString(),
    origin: { ip: '127.0.0.1' },
    body,
  };
  await messaging.publishJob(Jobs.acceptedSend, command, { msgId: command.trackingId });
  return command.trackingId;
}

/** Stands in for billing's environment settings: `disabledIn` names the channels an env disables. */
export function answerEnvironmentSettings(
  connection: NatsConnection,
  namespace: string,
  disabledIn: (envId: string) => Channel[] = () => [],
): void {
  connection.subscribe(`${namespace}.billing.environment.settings`, {
    callback: (_, message) => {
      const { envId } = message.json<{ envId: string }>();
      const data = { envId, disableSending: disabledIn(envId) };
      message.respond(JSON.stringify({ ok: true, data }));
    },
  });
}

/** The events of one send on the namespace's EVENTS stream so far. */
export async function eventsOfSend(
  connection: NatsConnection,
  namespace: string,
  trackingId: string,
): Promise<EventEnvelope[]> {
  const consumer = await connection.jetstream().consumers.get(`${namespace}_EVENTS`);
  const events: EventEnvelope[] = [];
  for await (const message of await consumer.fetch({ max_messages: 500, expires: 1_000 })) {
    events.push(...(payloadsOf(message) as EventEnvelope[]));
  }
  return events.filter((event) => event.trackingId === trackingId);
}
