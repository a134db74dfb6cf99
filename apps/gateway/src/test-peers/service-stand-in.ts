import { ErrorBody } from '@clarion/contracts';
import { connect, Msg, NatsConnection } from 'nats';

/** What the stand-in does with one request: answer with data or an error, or stay silent. */
export type StandInReply = { data: unknown } | { error: ErrorBody } | 'silence';

/**
 * The services behind a gateway under test (billing, notifications), on the real NATS: answers
 * the requests of the subjects it is given in one namespace as `reply` says, and counts them by
 * subject. Subjects it is not given have no responder.
 */
export class ServiceStandIn {
  private readonly counts = new Map<string, number>();

  private constructor(private readonly connection: NatsConnection) {}

  static async start(
    namespace: string,
    subjects: string[],
    reply: (subject: string, request: unknown) => StandInReply,
  ): Promise<ServiceStandIn> {
    const standIn = new ServiceStandIn(await connect({ servers: process.env['NATS_URL'] }));
    for (const subject of subjects) {
      standIn.connection.subscribe(`${namespace}.${subject}`, {
        callback: (_, message) => standIn.answer(subject, message, reply),
      });
    }
    await standIn.connection.flush();
    return standIn;
  }

  /** How many requests of `definition` reached the stand-in. */
  asked(definition: { subject: string }): number {
    return this.counts.get(definition.subject) ?? 0;
  }

  stop(): Promise<void> {
    return this.connection.close();
  }

  private answer(
    subject: string,
    message: Msg,
    reply: (subject: string, request: unknown) => StandInReply,
  ): void {
    this.counts.set(subject, this.asked({ subject }) + 1);
    const answer = reply(subject, message.json());
    if (answer === 'silence') return;
    message.respond(
      JSON.stringify('data' in answer ? { ok: true, data: answer.data } : { ok: false, ...answer }),
    );
  }
}
