import { Injectable, INestApplicationContext, Module } from '@nestjs/common';
import { IsInt, IsString } from 'class-validator';
import { Observable, of } from 'rxjs';
import {
  defineJob,
  defineRequest,
  DomainError,
  ErrorCode,
  NotFoundError,
  StreamName,
} from '@clarion/contracts';
import { bootService, createTestNamespace, dropTestNamespace, eventually } from '@clarion/testing';
import { AckPolicy, connect, NatsConnection } from 'nats';
import { MessagingClient } from './client/messaging.client';
import { decodeJson, encodeJson } from './client/json-codec';
import { JobItem } from './consumers/job-item';
import { ConsumeJobs, HandleRequest } from './decorators';
import { MessagingModule } from './messaging.module';

class EchoRequest {
  @IsString()
  text!: string;
}

class CountJob {
  @IsString()
  id!: string;

  @IsInt()
  failTimes!: number;
}

const echo = defineRequest<EchoRequest, string>('test.echo.say');
const missing = defineRequest<EchoRequest, string>('test.echo.missing');
const slow = defineRequest<EchoRequest, string>('test.echo.slow');
const streamed = defineRequest<EchoRequest, string>('test.echo.streamed');
const countJob = defineJob<CountJob>(StreamName.DELIVERY, 'delivery.test', {
  id: 'string',
  failTimes: 'number',
});

const lingeringJob = defineJob<CountJob>(StreamName.DELIVERY, 'delivery.lingering', {
  id: 'string',
  failTimes: 'number',
});

@Injectable()
class TestHandlers {
  readonly processed: string[] = [];
  readonly batchSizes: number[] = [];
  readonly lingeringBatches: string[][] = [];
  private readonly failures = new Map<string, number>();

  @HandleRequest(echo, EchoRequest)
  say(request: EchoRequest): string {
    if (request.text === 'unknown') throw new NotFoundError('The echo');
    if (request.text === 'crash') throw new Error('boom');
    return request.text.toUpperCase();
  }

  /** A Nest microservice handler may answer with an Observable: its last value is the reply. */
  @HandleRequest(streamed, EchoRequest)
  streamed(request: EchoRequest): Observable<string> {
    return of(request.text, `${request.text}!`);
  }

  @HandleRequest(slow, EchoRequest)
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return 'late';
  }

  @ConsumeJobs(lingeringJob, { durable: 'test-lingering', maxBatch: 4, lingerMs: 1_000 })
  async lingering(items: JobItem<CountJob>[]): Promise<void> {
    await Promise.resolve();
    this.lingeringBatches.push(items.map((item) => item.payload.id));
  }

  @ConsumeJobs(countJob, { durable: 'test-jobs', maxDeliver: 2, maxBatch: 50 })
  async handle(items: JobItem<CountJob>[]): Promise<void> {
    this.batchSizes.push(items.length);
    for (const item of items) {
      const failed = this.failures.get(item.payload.id) ?? 0;
      if (failed < item.payload.failTimes) {
        this.failures.set(item.payload.id, failed + 1);
        item.retry(new Error(`planned failure ${failed + 1}`));
      } else {
        this.processed.push(item.payload.id);
      }
    }
  }
}

describe('messaging against a real NATS with JetStream', () => {
  const namespace = createTestNamespace();
  let app: INestApplicationContext;
  let handlers: TestHandlers;
  let sut: MessagingClient;
  let raw: NatsConnection;

  beforeAll(async () => {
    @Module({
      imports: [
        MessagingModule.forRoot({
          serviceName: 'test',
          natsUrl: process.env['NATS_URL']!,
          namespace,
          requestTimeoutMs: 300,
        }),
      ],
      providers: [TestHandlers],
    })
    class TestModule {}
    app = await bootService({ module: TestModule });
    await app.init();
    handlers = app.get(TestHandlers);
    sut = app.get(MessagingClient);
    raw = await connect({ servers: process.env['NATS_URL'] });
  });

  afterAll(async () => {
    await raw.close();
    await app.close();
    await dropTestNamespace(namespace);
  });

  it('answers a request with the handler result', async () => {
    await expect(sut.request(echo, { text: 'hi' })).resolves.toBe('HI');
  });

  it('answers with the last value of a handler that returns an Observable', async () => {
    await expect(sut.request(streamed, { text: 'hi' })).resolves.toBe('hi!');
  });

  it('carries a domain error across as data', async () => {
    await expect(sut.request(echo, { text: 'unknown' })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
  });

  it('answers an unexpected failure with INTERNAL_ERROR and no details', async () => {
    const error = await sut.request(echo, { text: 'crash' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: ErrorCode.INTERNAL_ERROR });
    expect((error as DomainError).message).not.toContain('boom');
  });

  it('rejects an invalid request body with VALIDATION_FAILED naming the field', async () => {
    const error = await sut
      .request(echo, { text: 42 } as unknown as EchoRequest)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    expect((error as DomainError).message).toContain('text must be a string');
  });

  it('turns a subject nobody answers into SERVICE_UNAVAILABLE at once', async () => {
    const started = Date.now();
    await expect(sut.request(missing, { text: 'x' })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('turns a missed deadline into SERVICE_TIMEOUT', async () => {
    await expect(sut.request(slow, { text: 'x' })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_TIMEOUT,
    });
  });

  it('delivers published jobs to the consumer in batches and acks them', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `ok-${i}`);
    await Promise.all(
      ids.map((id) => sut.publishJob(countJob, { id, failTimes: 0 }, { msgId: id })),
    );
    await eventually(() => (ids.every((id) => handlers.processed.includes(id)) ? true : undefined));
    expect(Math.max(...handlers.batchSizes)).toBeGreaterThan(1);
    const manager = await raw.jetstreamManager();
    await eventually(async () =>
      (await manager.consumers.info(`${namespace}_DELIVERY`, 'test-jobs')).num_ack_pending === 0
        ? true
        : undefined,
    );
  });

  it('lets a lingering consumer gather what arrives within its linger, up to a full batch', async () => {
    const publish = (id: string) =>
      sut.publishJob(lingeringJob, { id, failTimes: 0 }, { msgId: id });
    for (const id of ['a1', 'a2', 'a3']) {
      await publish(id);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await eventually(() => (handlers.lingeringBatches.length === 1 ? true : undefined));
    expect(handlers.lingeringBatches).toEqual([['a1', 'a2', 'a3']]);
    // A full batch goes at once, without waiting out the linger.
    const started = Date.now();
    await Promise.all(['b1', 'b2', 'b3', 'b4'].map(publish));
    await eventually(() => (handlers.lingeringBatches.length === 2 ? true : undefined));
    expect(handlers.lingeringBatches[1]).toHaveLength(4);
    expect(Date.now() - started).toBeLessThan(700);
  });

  it('drops a re-published job with the same message id', async () => {
    await sut.publishJob(countJob, { id: 'dup', failTimes: 0 }, { msgId: 'dup-id' });
    const second = await sut.publishJob(countJob, { id: 'dup', failTimes: 0 }, { msgId: 'dup-id' });
    expect(second.duplicate).toBe(true);
    await eventually(() => (handlers.processed.includes('dup') ? true : undefined));
    expect(handlers.processed.filter((id) => id === 'dup')).toHaveLength(1);
  });

  it('retries a failed job with backoff until it succeeds', async () => {
    await sut.publishJob(countJob, { id: 'flaky', failTimes: 1 }, { msgId: 'flaky' });
    await eventually(() => (handlers.processed.includes('flaky') ? true : undefined), {
      timeoutMs: 10_000,
    });
  });

  it('dead-letters a job that keeps failing after its last attempt, keeping its body', async () => {
    await sut.publishJob(countJob, { id: 'doomed', failTimes: 99 }, { msgId: 'doomed' });
    const letter = await nextDeadLetter('dlq.DELIVERY.test-jobs');
    expect(decodeJson(letter.data)).toEqual({ id: 'doomed', failTimes: 99 });
    expect(letter.headers?.get('Clarion-Reason')).toContain('gave up after 2 failed attempts');
    expect(handlers.processed).not.toContain('doomed');
  });

  it('dead-letters a malformed job without handing it to the handler', async () => {
    await raw.jetstream().publish(`${namespace}.delivery.test`, encodeJson({ id: 7 }));
    const letter = await nextDeadLetter('dlq.DELIVERY.test-jobs', 'malformed');
    expect(decodeJson(letter.data)).toEqual({ id: 7 });
  });

  async function nextDeadLetter(subject: string, reason = 'gave up') {
    const manager = await raw.jetstreamManager();
    const durable = `reader-${Math.random().toString(36).slice(2, 8)}`;
    await manager.consumers.add(`${namespace}_DEAD_LETTER`, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      filter_subject: `${namespace}.${subject}`,
    });
    const consumer = await raw.jetstream().consumers.get(`${namespace}_DEAD_LETTER`, durable);
    return eventually(
      async () => {
        const message = await consumer.next({ expires: 1_000 });
        return message && message.headers?.get('Clarion-Reason').includes(reason)
          ? message
          : undefined;
      },
      { timeoutMs: 15_000 },
    );
  }
});
