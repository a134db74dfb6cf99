import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the peer accepted: the parsed email, its bytes and its SMTP envelope. */
export interface ReceivedEmail {
  mail: ParsedMail;
  /** The message as it arrived (what a DKIM signature covers). */
  raw: Buffer;
  envelope: {
    from: string;
    to: string[];
    /** What the sender asked of DSN (RFC 3461): ENVID and, per recipient, NOTIFY. */
    dsn: { envid?: string; notify: Record<string, string[]> };
  };
}

/**
 * A real SMTP server on loopback, without TLS or authentication, recording what it accepts. It
 * offers DSN (RFC 3461) like most relays, so senders can ask it for delivery reports.
 */
export class SmtpPeer {
  readonly received: ReceivedEmail[] = [];
  /** Every RCPT TO address the peer was asked, accepted or refused, lowercased. */
  readonly recipientsAsked: string[] = [];
  /** Replies the peer gives to RCPT TO for an address instead of accepting it. */
  private readonly recipientReplies = new Map<string, { code: number; text: string }>();
  private readonly server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideDSN: false,
    logger: false,
    size: 64 * 1024 * 1024,
    onRcptTo: (address, _session, callback) => {
      this.recipientsAsked.push(address.address.toLowerCase());
      const reply = this.recipientReplies.get(address.address.toLowerCase());
      if (!reply) return callback();
      callback(Object.assign(new Error(reply.text), { responseCode: reply.code }));
    },
    onData: (stream, session, callback) => {
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      new Promise<Buffer>((resolve, reject) => {
        stream.once('end', () => resolve(Buffer.concat(parts)));
        stream.once('error', reject);
      })
        .then(async (raw) => ({ raw, mail: await simpleParser(raw) }))
        .then(({ raw, mail }) => {
          this.received.push({
            mail,
            raw,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              dsn: {
                envid: session.envelope.dsn?.envid ?? undefined,
                notify: Object.fromEntries(
                  session.envelope.rcptTo.map((recipient) => [
                    recipient.address,
                    recipient.dsn?.notify ?? [],
                  ]),
                ),
              },
            },
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  static async start(): Promise<SmtpPeer> {
    const peer = new SmtpPeer();
    await new Promise<void>((resolve, reject) => {
      peer.server.once('error', reject);
      peer.server.listen(0, '127.0.0.1', resolve);
    });
    return peer;
  }

  get url(): string {
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  replyToRecipient(address: string, code: number, text: string): void {
    this.recipientReplies.set(address.toLowerCase(), { code, text });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
