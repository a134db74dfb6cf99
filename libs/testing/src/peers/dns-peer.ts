import { createSocket, RemoteInfo, Socket } from 'node:dgram';
import { AddressInfo } from 'node:net';
import * as dnsPacket from 'dns-packet';

type PublishedType = 'TXT' | 'MX';

/** A TXT string holds at most 255 bytes; a longer value (a DKIM key) spans several. */
const TXT_CHUNK = 255;

/**
 * A real DNS server on loopback (UDP) answering the TXT and MX records a test publishes: a name
 * with no records is NXDOMAIN, a name with records of another type answers none (NODATA).
 */
export class DnsPeer {
  private readonly records = new Map<string, { type: PublishedType; value: string }[]>();

  private constructor(private readonly socket: Socket) {
    socket.on('message', (message, remote) => this.answer(message, remote));
  }

  static async start(): Promise<DnsPeer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', resolve);
    });
    return new DnsPeer(socket);
  }

  /** `host:port`, as DNS_SERVERS takes it. */
  get server(): string {
    const { address, port } = this.socket.address() as AddressInfo;
    return `${address}:${port}`;
  }

  /** Adds a record (MX values are the exchange host, priority 10). */
  publish(type: PublishedType, name: string, value: string): void {
    const key = nameKey(name);
    this.records.set(key, [...(this.records.get(key) ?? []), { type, value }]);
  }

  /** What a resolver would answer for the TXT records of a name (each as its strings). */
  txt(name: string): string[][] {
    return (this.records.get(nameKey(name)) ?? [])
      .filter((record) => record.type === 'TXT')
      .map((record) => chunks(record.value));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private answer(message: Buffer, remote: RemoteInfo): void {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const [question] = query.questions ?? [];
    if (!question) return;
    const published = this.records.get(nameKey(question.name));
    const answers = (published ?? [])
      .filter((record) => record.type === question.type)
      .map((record): dnsPacket.Answer =>
        record.type === 'TXT'
          ? { type: 'TXT', name: question.name, ttl: 60, data: chunks(record.value) }
          : {
              type: 'MX',
              name: question.name,
              ttl: 60,
              data: { preference: 10, exchange: record.value },
            },
      );
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (published ? 0 : NXDOMAIN),
      questions: [question],
      answers,
    });
    this.socket.send(response, remote.port, remote.address);
  }
}

/** RCODE 3 in the low bits of the flags. */
const NXDOMAIN = 3;

function nameKey(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function chunks(value: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < value.length; start += TXT_CHUNK) {
    parts.push(value.slice(start, start + TXT_CHUNK));
  }
  return parts;
}
