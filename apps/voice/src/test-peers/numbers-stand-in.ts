import { connect, Msg, NatsConnection } from 'nats';

interface HeldNumber {
  accountId: string;
  status: 'active' | 'released';
  agentId?: string;
}

/**
 * The numbers service's binding requests over NATS, on numbers held in memory, with its rules:
 * only an active number of the account binds, to one agent at most; a release unbinds.
 */
export class NumbersStandIn {
  readonly numbers = new Map<string, HeldNumber>();
  private next = 0;

  private constructor(private readonly nats: NatsConnection) {}

  static async start(namespace: string): Promise<NumbersStandIn> {
    const standIn = new NumbersStandIn(await connect({ servers: process.env['NATS_URL'] }));
    standIn.serve(namespace);
    await standIn.nats.flush();
    return standIn;
  }

  close(): Promise<void> {
    return this.nats.close();
  }

  /** A new active number of the account. */
  hold(accountId: string): string {
    this.next += 1;
    const phoneNumber = `+1415555${String(1000 + this.next).padStart(4, '0')}`;
    this.numbers.set(phoneNumber, { accountId, status: 'active' });
    return phoneNumber;
  }

  release(phoneNumber: string): void {
    const number = this.numbers.get(phoneNumber);
    if (number) this.numbers.set(phoneNumber, { accountId: number.accountId, status: 'released' });
  }

  private serve(namespace: string): void {
    const handlers: Record<string, (request: Record<string, string>) => unknown> = {
      list: ({ accountId }) => ({
        numbers: [...this.numbers.entries()]
          .filter(([, number]) => number.accountId === accountId && number.status === 'active')
          .map(([phoneNumber, number]) => ({
            phoneNumber,
            features: ['voice'],
            ...(number.agentId && { boundAgentId: number.agentId }),
          })),
        sharedNumber: '+15005550006',
      }),
      bind: ({ accountId, phoneNumber = '', agentId }) => {
        const number = this.numbers.get(phoneNumber);
        if (!number || number.accountId !== accountId || number.status !== 'active') {
          throw { code: 'NOT_FOUND', message: `The number ${phoneNumber} was not found` };
        }
        if (number.agentId && number.agentId !== agentId) {
          throw { code: 'PHONE_NUMBER_BOUND', message: `${phoneNumber} is bound` };
        }
        number.agentId = agentId;
        return { phoneNumber };
      },
      unbind: ({ accountId, agentId, phoneNumber }) => ({
        phoneNumbers: [...this.numbers.entries()]
          .filter(
            ([held, number]) =>
              number.accountId === accountId &&
              number.agentId === agentId &&
              (phoneNumber === undefined || held === phoneNumber),
          )
          .map(([held, number]) => {
            delete number.agentId;
            return held;
          }),
      }),
      route: ({ phoneNumber = '' }) => {
        const number = this.numbers.get(phoneNumber);
        if (number?.status !== 'active') return {};
        return { accountId: number.accountId, ...(number.agentId && { agentId: number.agentId }) };
      },
    };
    for (const [verb, handle] of Object.entries(handlers)) {
      this.nats.subscribe(`${namespace}.numbers.number.${verb}`, {
        callback: (_, message: Msg) => {
          try {
            const data = handle(message.json<Record<string, string>>());
            message.respond(JSON.stringify({ ok: true, data }));
          } catch (error) {
            message.respond(JSON.stringify({ ok: false, error }));
          }
        },
      });
    }
  }
}
