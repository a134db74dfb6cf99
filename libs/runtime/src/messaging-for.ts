import { DynamicModule } from '@nestjs/common';
import { BaseEnv, natsServersOf } from '@clarion/config';
import { ServiceName } from '@clarion/contracts';
import { MessagingModule } from '@clarion/messaging';

/** The messaging module of a service, configured from its environment. */
export function messagingFor(serviceName: ServiceName, env: BaseEnv): DynamicModule {
  return MessagingModule.forRoot({
    serviceName,
    natsUrl: natsServersOf(env.NATS_URL),
    namespace: env.CLARION_NAMESPACE,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    streamReplicas: env.NATS_STREAM_REPLICAS,
  });
}
