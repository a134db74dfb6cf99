import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BlobStore } from './client/blob-store';
import { KeyValueBuckets } from './client/key-value-buckets';
import { MessagingClient } from './client/messaging.client';
import { ReplySpill } from './client/reply-spill';
import { ConnectionState } from './connection/connection-state';
import { MessagingReadiness } from './connection/messaging-readiness';
import { Namespacer } from './connection/namespacer';
import { natsConnectionProvider } from './connection/nats-connection.provider';
import { StreamProvisioner } from './connection/stream-provisioner';
import { StreamReplicas } from './connection/stream-replicas';
import { MessagingExplorer } from './messaging.explorer';
import { MESSAGING_OPTIONS, MessagingOptions } from './messaging.options';
import { RequestHandlerRegistrar } from './requests/request-handler.registrar';

/** NATS for a service: the connection, the typed client, streams, and handler discovery. */
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        natsConnectionProvider,
        ConnectionState,
        Namespacer,
        MessagingClient,
        BlobStore,
        KeyValueBuckets,
        ReplySpill,
        MessagingReadiness,
        StreamReplicas,
        StreamProvisioner,
        RequestHandlerRegistrar,
        MessagingExplorer,
      ],
      exports: [
        BlobStore,
        ConnectionState,
        KeyValueBuckets,
        MessagingClient,
        MessagingReadiness,
        Namespacer,
        RequestHandlerRegistrar,
        natsConnectionProvider,
      ],
    };
  }
}
