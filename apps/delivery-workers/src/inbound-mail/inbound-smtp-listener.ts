import { AddressInfo } from 'node:net';
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
import { BytesInFlight } from './bytes-in-flight';
import { ClientLimits } from './client-limits';
import { InboundMailQueue } from './inbound-mail-queue';
import { INBOUND_MAIL_SETTINGS, InboundMailSettings } from './inbound-mail-settings';
import { InboundRecipients, RecipientVerdict } from './inbound-recipients';
import { MessageIntake } from './message-intake';
import { smtpReply } from './smtp-reply';

/** Open SMTP connections one replica serves at once. */
const MAX_CLIENTS = 200;
/** Recipients of one message (RFC 5321 asks servers to take at least 100). */
const MAX_RECIPIENTS = 100;
/** How long a stop waits for the messages being handed over before it closes their connections. */
const CLOSE_TIMEOUT_MS = 20_000;

/**
 * Clarion's own mail server (EMAIL_INBOUND_PORT): receives replies, mail to inboxes, bounces,
 * delivery reports and complaints. It takes mail only for known addresses, refuses what is too
 * large, has no header or more MIME parts than can be read, and answers 250 only once the message
 * is stored durably; when it cannot store it (the broker is down) it answers 451, and the sending
 * server tries again later. Messages stream to the blob store as they arrive; the bytes not yet
 * stored are capped (452 past the cap), and so are each client address's connections (421) and
 * messages per minute (450), so one sender cannot exhaust the listener for the others.
 */
@Injectable()
export class InboundSmtpListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(InboundSmtpListener.name);
  private readonly server: SMTPServer;
  private readonly inFlight: BytesInFlight;
  private readonly clients: ClientLimits;

  constructor(
    @Inject(INBOUND_MAIL_SETTINGS) private readonly settings: InboundMailSettings,
    private readonly recipients: InboundRecipients,
    private readonly queue: InboundMailQueue,
  ) {
    this.inFlight = new BytesInFlight(settings.maxBytesInFlight);
    this.clients = new ClientLimits(
      settings.maxConnectionsPerClient,
      settings.maxMessagesPerClientPerMinute,
    );
    this.server = new SMTPServer({
      name: settings.hostname,
      banner: 'Clarion',
      size: settings.maxBytes,
      authOptional: true,
      disabledCommands: ['AUTH'],
      logger: false,
      maxClients: MAX_CLIENTS,
      socketTimeout: settings.idleTimeoutMs,
      closeTimeout: CLOSE_TIMEOUT_MS,
      // A PTR lookup per connection costs a DNS round trip and tells nothing Clarion uses.
      disableReverseLookup: true,
      onConnect: (session, callback) => {
        callback(
          this.clients.connect(session.remoteAddress, session.id)
            ? null
            : smtpReply(421, '4.7.0 Too many connections from your address, try again later'),
        );
      },
      onClose: (session) => this.clients.disconnect(session.remoteAddress, session.id),
      onMailFrom: (address, session, callback) => {
        callback(this.checkSender(address, session) ?? null);
      },
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

  private checkSender(address: SMTPServerAddress, session: SMTPServerSession): Error | undefined {
    const declaredSize = Number(address.args && address.args['SIZE']) || 0;
    if (!this.inFlight.hasRoomFor(declaredSize)) {
      return smtpReply(452, '4.3.1 Insufficient system storage, try again later');
    }
    if (!this.clients.startMessage(session.remoteAddress)) {
      return smtpReply(450, '4.7.1 Too many messages from your address, try again later');
    }
    return undefined;
  }

  private async checkRecipient(
    address: SMTPServerAddress,
    session: SMTPServerSession,
  ): Promise<void> {
    if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
      throw smtpReply(452, '4.5.3 Too many recipients');
    }
    let verdict: RecipientVerdict;
    try {
      verdict = await this.recipients.verdictOn(address.address.toLowerCase());
    } catch (error) {
      this.logger.warn(`could not look up ${address.address}: ${describeError(error)}`);
      throw smtpReply(451, '4.3.0 Temporary failure, try again later');
    }
    if (verdict === 'unknown') throw smtpReply(550, '5.1.1 No such mailbox here');
    if (verdict === 'not yet') {
      throw smtpReply(451, '4.3.0 The message this is about is still being sent, try again later');
    }
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const intake = new MessageIntake(this.inFlight, this.settings.maxBytes);
    const { blob, stored } = this.queue.store(intake.body);
    stored.catch(() => intake.storeFailed());
    try {
      const message = await intake.readFrom(stream);
      const mailFrom = session.envelope.mailFrom;
      try {
        await stored;
        return await this.queue.enqueue(blob, message, {
          mailFrom: mailFrom ? mailFrom.address.toLowerCase() : '',
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          remoteAddress: session.remoteAddress,
        });
      } catch (error) {
        this.logger.warn(`could not store an inbound message: ${describeError(error)}`);
        void this.queue.discard(blob);
        throw smtpReply(451, '4.3.0 Temporary failure, try again later');
      }
    } finally {
      intake.release();
    }
  }
}
