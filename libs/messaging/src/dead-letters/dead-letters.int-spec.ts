import { Injectable, INestApplicationContext, Module } from '@nestjs/common';
import { IsString } from 'class-validator';
import { defineJob, StreamName, ValidationFailedError } from '@clarion/contracts';
import { bootService, createTestNamespace, dropTestNamespace, eventually } from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import { MessagingClient } from '../client/messaging.client';
import { JobItem } from '../consumers/job-item';
import { ConsumeJobs } from '../decorators';
import { MessagingModule } from '../messaging.module';
import { consumerLag } from './consumer-lag';
import { DeadLetters } from './dead-letters';

class NamedJob {
  @IsString()
  name!: string;
}

const namedJob = defineJob<NamedJob>(StreamName.DELIVERY, 'delivery.named', { name: 'string' });

@Injectable()
class PickyHandler {
  refusing = true;
  readonly handled: string[] = [];

  @ConsumeJobs(namedJob, { durable: 'picky' })
  async handle(items: JobItem<NamedJob>[]): Promise<void> {
    await Promise.resolve();
    for (const item of items) {
      if (this.refusing) item.retry(new ValidationFailedError(`${item.payload.name} refused`));
      else this.handled.push(item.payload.name);
    }
  }
}

describe(DeadLetters.name, () => {
  const namespace = createTestNamespace();
  let app: INestApplicationContext;
  let handler: PickyHandler;
  let raw: NatsConnection;
  let sut: DeadLetters;

  beforeAll(async () => {
    @Module({
      imports: [
        MessagingModule.forRoot({
          serviceName: 'picky',
          natsUrl: process.env['NATS_URL']!,
          namespace,
          requestTimeoutMs: 2_000,
        }),
      ],
      providers: [PickyHandler],
    })
    class PickyModule {}
    app = await bootService({ module: PickyModule });
    await app.init();
    handler = app.get(PickyHandler);
    raw = await connect({ servers: process.env['NATS_URL'] });
    sut = new DeadLetters(raw, namespace);
  });

  afterAll(async () => {
    await raw.close();
    await app.close();
    await dropTestNamespace(namespace);
  });

  it('lists, drops and replays what a consumer gave up on', async () => {
    const messaging = app.get(MessagingClient);
    for (const name of ['first', 'second', 'third'])
      await messaging.publishJob(namedJob, { name }, { msgId: name });
    const letters = await eventually(async () => {
      const listed = await sut.list('picky');
      return listed.length === 3 ? listed : undefined;
    });
    expect(letters.map((letter) => letter.preview)).toEqual([
      '{"name":"first"}',
      '{"name":"second"}',
      '{"name":"third"}',
    ]);
    expect(letters[0]).toMatchObject({
      consumer: 'picky',
      originalSubject: `${namespace}.delivery.named`,
      reason: 'refused: first refused',
      deliveries: 1,
    });

    await expect(sut.drop({ sequence: letters[1]!.sequence })).resolves.toEqual({
      dropped: [letters[1]!.sequence],
    });
    handler.refusing = false;
    await expect(sut.replay({ consumer: 'picky' })).resolves.toEqual({
      replayed: [letters[0]!.sequence, letters[2]!.sequence],
    });
    await eventually(() => (handler.handled.length === 2 ? true : undefined));
    expect(handler.handled.sort()).toEqual(['first', 'third']);
    await expect(sut.list()).resolves.toEqual([]);
  });

  it('shows each consumer with what it has waiting and in flight', async () => {
    const lags = await consumerLag(raw, namespace);
    expect(lags).toContainEqual({
      stream: 'DELIVERY',
      consumer: 'picky',
      waiting: 0,
      inFlight: 0,
      redelivered: 0,
    });
  });
});
