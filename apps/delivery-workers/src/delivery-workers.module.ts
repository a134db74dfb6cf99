import { DynamicModule, Module } from '@nestjs/common';
import { messagingFor } from '@clarion/runtime';
import { DeliveryWorkersEnv } from './delivery-workers.env';
import { InappDeliveryService } from './inapp/inapp-delivery.service';
import { InappJobsConsumer } from './inapp/inapp-jobs.consumer';

@Module({})
export class DeliveryWorkersModule {
  static forRoot(env: DeliveryWorkersEnv): DynamicModule {
    return {
      module: DeliveryWorkersModule,
      imports: [messagingFor('delivery-workers', env)],
      providers: [InappDeliveryService, InappJobsConsumer],
    };
  }
}
