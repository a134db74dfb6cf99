import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, ServiceUnavailableError } from '@clarion/contracts';
import { NatsConnection } from 'nats';
import { NATS_CONNECTION } from './nats-connection.provider';

/** How soon a client may try again while NATS is away: the client redials every second. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Whether this process's NATS connection is up, followed from its status events. While it is
 * down, nats.js neither refuses new work nor fails what is waiting: a request made or pending
 * during the outage waits for its whole deadline, and a publish sits in a buffer. So work that
 * needs NATS asks here first and fails at once (503: it was not sent), and whoever holds work sent
 * before the drop fails it then (504: its outcome is unknown).
 */
@Injectable()
export class ConnectionState {
  private up = true;
  private readonly dropListeners = new Set<() => void>();

  constructor(@Inject(NATS_CONNECTION) connection: NatsConnection) {
    void this.follow(connection);
  }

  isUp(): boolean {
    return this.up;
  }

  /** Throws SERVICE_UNAVAILABLE while the connection is down. */
  assertUp(): void {
    if (!this.up) {
      throw new ServiceUnavailableError('The message bus is unreachable', RETRY_AFTER_SECONDS);
    }
  }

  /** Calls `listener` each time the connection drops; returns how to stop. */
  onDrop(listener: () => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  /** `work`, or SERVICE_TIMEOUT (outcome unknown) as soon as the connection drops while it is waited for. */
  failOnDrop<T>(work: Promise<T>, waitingFor: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const stop = this.onDrop(() => reject(connectionLost(waitingFor)));
      work.then(
        (value) => {
          stop();
          resolve(value);
        },
        (error: unknown) => {
          stop();
          reject(error);
        },
      );
    });
  }

  private async follow(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') this.drop();
      if (status.type === 'reconnect') this.up = true;
    }
  }

  private drop(): void {
    this.up = false;
    for (const listener of [...this.dropListeners]) listener();
  }
}

/**
 * What was already sent when the connection dropped: it may or may not have been done (a publish
 * may be stored, a request handled), so this is a timeout, not a refusal. The caller retries with
 * the same idempotency key, and learns the outcome without doing it twice.
 */
export function connectionLost(waitingFor: string): DomainError {
  return new DomainError(
    ErrorCode.SERVICE_TIMEOUT,
    `The connection to the message bus was lost while waiting for ${waitingFor}; ` +
      'it may or may not have been done',
    'Retry after the seconds of Retry-After with the same Idempotency-Key, if you sent one, ' +
      'so that what was done is not done twice.',
    RETRY_AFTER_SECONDS,
  );
}
