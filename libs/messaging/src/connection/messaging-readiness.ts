import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { NATS_CONNECTION } from './nats-connection.provider';

/** Whether this process can talk to NATS and has started all its handlers. */
@Injectable()
export class MessagingReadiness implements OnModuleInit {
  private handlersStarted = false;
  private connected = true;

  constructor(@Inject(NATS_CONNECTION) private readonly connection: NatsConnection) {}

  onModuleInit(): void {
    void this.followConnectionStatus();
  }

  markHandlersStarted(): void {
    this.handlersStarted = true;
  }

  isReady(): boolean {
    return this.handlersStarted && this.connected && !this.connection.isClosed();
  }

  private async followConnectionStatus(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') this.connected = true;
    }
  }
}
