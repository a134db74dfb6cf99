import { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import {
  SMTPServer,
  SMTPServerAddress,
  SMTPServerDataStream,
  SMTPServerSession,
} from 'smtp-server';
import { describeError } from '../delivery/describe-error';
import { InboundMailQueue } from './inbound-mail-queue';
import { INBOUND_MAIL_SETTINGS, InboundMailSettings } from './inbound-mail-settings';
import { InboundRecipients } from './inbound-recipients';
import { smtpReply } from './smtp-reply';

/** A client that sends nothing for this long is disconnected. */
const SOCKET_TIMEOUT_MS = 60_000;
/** Open SMTP connections one replica serves at once. */
const MAX_CLIENTS = 200;
/** Recipients of one message (RFC 5321 asks servers to take at least 100). */
const MAX_RECIPIENTS = 100;
/** How long a stop waits for the messages being handed over before it closes their connections. */
const CLOSE_TIMEOUT_MS = 20_000;

/**
 * Clarion's own mail server (EMAIL_INBOUND_PORT): receives replies, mail to inboxes, bounces,
 * delivery reports and complaints. It takes mail only for known addresses, refuses what is too
 * large or has no header, and answers 250 only once the message is stored durably; when it
 * cannot store it (the broker is down) it answers 451, and the sending server tries again later.
 */
@Injectable()
export class InboundSmtpListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(InboundSmtpListener.name);
  private readonly server: SMTPServer;

  constructor(
    @Inject(INBOUND_MAIL_SETTINGS) private readonly settings: InboundMailSettings,
    private readonly recipients: InboundRecipients,
    private readonly queue: InboundMailQueue,
  ) {
    this.server = new SMTPServer({
      name: settings.hostname,
      banner: 'Clarion',
      size: settings.maxBytes,
      authOptional: true,
      disabledCommands: ['AUTH'],
      logger: false,
      maxClients: MAX_CLIENTS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      closeTimeout: CLOSE_TIMEOUT_MS,
      onRcptTo: (address, session, callback) => {
        this.checkRecipient(address, session).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      onData: (stream, session, callback) => {
        this.receive(stream, session).then(
          (queueId) => callback(null, `2.0.0 Ok: queued as ${queueId}`),
          (error: Error) => callback(error),
        );
      },
    });
    this.server.on('error', (error) => this.logger.warn(`SMTP: ${describeError(error)}`));
  }

  /** The port it listens on (EMAIL_INBOUND_PORT, or the one picked for 0). */
  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  async onApplicationBootstrap(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(this.settings.port, () => {
        this.server.server.off('error', reject);
        resolve();
      });
    });
    this.logger.debug(`Receiving mail on :${this.port}`);
  }

  /** Stops taking connections and lets the messages being handed over finish. */
  beforeApplicationShutdown(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async checkRecipient(
    address: SMTPServerAddress,
    session: SMTPServerSession,
  ): Promise<void> {
    if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
      throw smtpReply(452, '4.5.3 Too many recipients');
    }
    let known: boolean;
    try {
      known = await this.recipients.accepts(address.address.toLowerCase());
    } catch (error) {
      this.logger.warn(`could not look up ${address.address}: ${describeError(error)}`);
      throw smtpReply(451, '4.3.0 Temporary failure, try again later');
    }
    if (!known) throw smtpReply(550, '5.1.1 No such mailbox here');
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const raw = await bytesOf(stream);
    if (stream.sizeExceeded) {
      throw smtpReply(552, `5.3.4 Message too big: the limit is ${this.settings.maxBytes} bytes`);
    }
    if (!hasHeaderSection(raw)) {
      throw smtpReply(554, '5.6.0 Malformed message: it has no header section');
    }
    const mailFrom = session.envelope.mailFrom;
    try {
      return await this.queue.enqueue(raw, {
        mailFrom: mailFrom ? mailFrom.address.toLowerCase() : '',
        recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        remoteAddress: session.remoteAddress,
      });
    } catch (error) {
      this.logger.warn(`could not store an inbound message: ${describeError(error)}`);
      throw smtpReply(451, '4.3.0 Temporary failure, try again later');
    }
  }
}

/** The message's bytes; the stream goes on past the size limit (and then says so) without keeping them. */
function bytesOf(stream: Readable & { sizeExceeded?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.on('data', (part: Buffer) => {
      if (!stream.sizeExceeded) parts.push(part);
    });
    stream.once('end', () => resolve(Buffer.concat(parts)));
    stream.once('error', reject);
  });
}

/** At least one `Name: value` line before the first blank line (RFC 5322 section 2.2). */
function hasHeaderSection(raw: Buffer): boolean {
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const header = end === -1 ? head : head.slice(0, end);
  return /^[\x21-\x39\x3b-\x7e]+:/m.test(header);
}
