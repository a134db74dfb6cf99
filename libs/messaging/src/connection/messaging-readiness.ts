import { Inject, Injectable } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { ConnectionState } from './connection-state';
import { NATS_CONNECTION } from './nats-connection.provider';

/** Whether this process can talk to NATS and has started all its handlers. */
@Injectable()
export class MessagingReadiness {
  private handlersStarted = false;

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    private readonly connectionState: ConnectionState,
  ) {}

  markHandlersStarted(): void {
    this.handlersStarted = true;
  }

  isReady(): boolean {
    return this.handlersStarted && this.connectionState.isUp() && !this.connection.isClosed();
  }
}
