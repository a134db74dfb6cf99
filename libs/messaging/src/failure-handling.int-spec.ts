import { Injectable, INestApplicationContext, Module } from '@nestjs/common';
import { IsInt, IsString } from 'class-validator';
import {
  defineJob,
  defineRequest,
  DomainError,
  ErrorCode,
  StreamName,
  ValidationFailedError,
} from '@clarion/contracts';
import { bootService, createTestNamespace, dropTestNamespace, eventually } from '@clarion/testing';
import { AckPolicy, connect, JsMsg, NatsConnection } from 'nats';
import { MessagingClient } from './client/messaging.client';
import { decodeJson } from './client/json-codec';
import { JobItem } from './consumers/job-item';
import { ConsumeJobs, HandleRequest } from './decorators';
import { MessagingModule } from './messaging.module';

class LabelledJob {
  @IsString()
  id!: string;

  @IsInt()
  failTimes!: number;
}

class SizeRequest {
  @IsInt()
  bytes!: number;
}

const sized = defineRequest<SizeRequest, string>('test.faults.sized');
const lostDatabase = defineRequest<SizeRequest, string>('test.faults.lost-database');
const unstorable = defineRequest<SizeRequest, string>('test.faults.unstorable');
const batchJob = defineJob<LabelledJob>(StreamName.DELIVERY, 'delivery.faults-batch', {
  id: 'string',
  failTimes: 'number',
});
const flakyJob = defineJob<LabelledJob>(StreamName.DELIVERY, 'delivery.faults-flaky', {
  id: 'string',
  failTimes: 'number',
});

const bundledJob = defineJob<LabelledJob>(StreamName.DELIVERY, 'delivery.faults-bundled', {
  id: 'string',
  failTimes: 'number',
});

const unavailable = () => new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'database unreachable');

@Injectable()
class FaultyHandlers {
  /** Ids written by batches that succeeded, as one transaction would. */
  readonly stored: string[] = [];
  readonly attempts = new Map<string, number>();

  @HandleRequest(sized, SizeRequest)
  sized(request: SizeRequest): string {
    return 'x'.repeat(request.bytes);
  }

  @HandleRequest(lostDatabase, SizeRequest)
  lostDatabase(): string {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
  }

  @HandleRequest(unstorable, SizeRequest)
  unstorable(): string {
    throw Object.assign(new Error('unsupported Unicode escape sequence'), {
      code: '22P05',
      severity: 'ERROR',
    });
  }

  /** Like one INSERT for the whole batch: one poisoned row fails all of it. */
  @ConsumeJobs(batchJob, { durable: 'faults-batch', maxBatch: 50 })
  async storeAll(items: JobItem<LabelledJob>[]): Promise<void> {
    await Promise.resolve();
    if (items.some((item) => item.payload.id.startsWith('poison')))
      throw new ValidationFailedError('invalid byte sequence for encoding "UTF8": 0x00');
    this.stored.push(...items.map((item) => item.payload.id));
  }

  /** Parts of bundles: `broken-…` fails every time, for no reason a dependency explains. */
  @ConsumeJobs(bundledJob, { durable: 'faults-bundled', maxDeliver: 2 })
  async storeParts(items: JobItem<LabelledJob>[]): Promise<void> {
    await Promise.resolve();
    for (const item of items) {
      this.attempts.set(item.payload.id, (this.attempts.get(item.payload.id) ?? 0) + 1);
      if (item.payload.id.startsWith('broken')) item.retry(new Error('cannot handle it'), 50);
      else this.stored.push(item.payload.id);
    }
  }

  /** Fails `failTimes` times as if its dependency were away, more often than maxDeliver. */
  @ConsumeJobs(flakyJob, { durable: 'faults-flaky', maxDeliver: 2 })
  async waitOutOutage(items: JobItem<LabelledJob>[]): Promise<void> {
    await Promise.resolve();
    for (const item of items) {
      const attempt = (this.attempts.get(item.payload.id) ?? 0) + 1;
      this.attempts.set(item.payload.id, attempt);
      if (attempt > item.payload.failTimes) this.stored.push(item.payload.id);
      else if (item.payload.id.startsWith('thrown')) throw unavailable();
      else item.retry(unavailable(), 100);
    }
  }
}

describe('messaging when things go wrong', () => {
  const namespace = createTestNamespace();
  let app: INestApplicationContext;
  let handlers: FaultyHandlers;
  let sut: MessagingClient;
  let raw: NatsConnection;

  beforeAll(async () => {
    @Module({
      imports: [
        MessagingModule.forRoot({
          serviceName: 'faults',
          natsUrl: process.env['NATS_URL']!,
          namespace,
          requestTimeoutMs: 2_000,
        }),
      ],
      providers: [FaultyHandlers],
    })
    class FaultsModule {}
    app = await bootService({ module: FaultsModule });
    await app.init();
    handlers = app.get(FaultyHandlers);
    sut = app.get(MessagingClient);
    raw = await connect({ servers: process.env['NATS_URL'] });
  });

  afterAll(async () => {
    await raw.close();
    await app.close();
    await dropTestNamespace(namespace);
  });

  it('answers a reply larger than a NATS message in full, and keeps serving', async () => {
    const bytes = 3 * 1024 * 1024;
    await expect(sut.request(sized, { bytes })).resolves.toHaveLength(bytes);
    await expect(sut.request(sized, { bytes: 3 })).resolves.toBe('xxx');
  });

  it('answers SERVICE_UNAVAILABLE when a handler cannot reach its database', async () => {
    await expect(sut.request(lostDatabase, { bytes: 0 })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
  });

  it('answers VALIDATION_FAILED when the database refuses a value as unstorable', async () => {
    await expect(sut.request(unstorable, { bytes: 0 })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
  });

  it('isolates the one bad job of a batch: the others are stored at once, it is dead-lettered once', async () => {
    const good = Array.from({ length: 30 }, (_, i) => `good-${i}`);
    const ids = [...good.slice(0, 15), 'poison-1', ...good.slice(15)];
    await Promise.all(
      ids.map((id) => sut.publishJob(batchJob, { id, failTimes: 0 }, { msgId: id })),
    );
    await eventually(() => (good.every((id) => handlers.stored.includes(id)) ? true : undefined), {
      timeoutMs: 3_000,
    });
    expect(handlers.stored.filter((id) => id.startsWith('good-'))).toHaveLength(good.length);
    const letters = await eventually(async () => {
      const found = await deadLetters('faults-batch');
      return found.length > 0 ? found : undefined;
    });
    expect(letters.map((letter) => decodeJson(letter.data))).toEqual([
      { id: 'poison-1', failTimes: 0 },
    ]);
    expect(letters[0]?.headers?.get('Clarion-Reason')).toContain('refused');
    // Dead-lettered means gone from the work queue (nats-server 2.9 ignores a TERM with a reason).
    await expect(messagesLeftOn('delivery.faults-batch')).resolves.toBe(0);
  });

  it('waits out a dependency failing more often than maxDeliver, dead-lettering nothing', async () => {
    await sut.publishJob(flakyJob, { id: 'retried-5', failTimes: 5 }, { msgId: 'retried-5' });
    await sut.publishJob(flakyJob, { id: 'thrown-3', failTimes: 3 }, { msgId: 'thrown-3' });
    await eventually(
      () =>
        handlers.stored.includes('retried-5') && handlers.stored.includes('thrown-3')
          ? true
          : undefined,
      { timeoutMs: 20_000 },
    );
    expect(handlers.attempts.get('retried-5')).toBe(6);
    expect(handlers.attempts.get('thrown-3')).toBe(4);
    await expect(deadLetters('faults-flaky')).resolves.toEqual([]);
    await expect(messagesLeftOn('delivery.faults-flaky')).resolves.toBe(0);
  });

  describe('bundles', () => {
    const publishBundled = (id: string) =>
      sut.publishJob(bundledJob, { id, failTimes: 0 }, { msgId: id, bundled: true });

    it('stores what is published in one turn as one message, and hands over each part once', async () => {
      const ids = Array.from({ length: 20 }, (_, i) => `together-${i}`);
      const acks = await Promise.all(ids.map(publishBundled));
      expect(new Set(acks.map((ack) => ack.seq)).size).toBe(1);
      const lone = await publishBundled('alone');
      const stored = await raw
        .jetstreamManager()
        .then((m) =>
          m.streams.getMessage(`${namespace}_DELIVERY`, { seq: lone.seq }).catch(() => undefined),
        );
      expect(stored?.header.get('Clarion-Parts') ?? '').toBe('');
      await eventually(() =>
        [...ids, 'alone'].every((id) => handlers.stored.includes(id)) ? true : undefined,
      );
      for (const id of [...ids, 'alone']) expect(handlers.attempts.get(id)).toBe(1);
      await expect(messagesLeftOn('delivery.faults-bundled')).resolves.toBe(0);
    });

    it('retries a bundle while a part fails, then dead-letters that part alone', async () => {
      const acks = await Promise.all(['kept-1', 'broken-1', 'kept-2'].map(publishBundled));
      expect(new Set(acks.map((ack) => ack.seq)).size).toBe(1);
      const letters = await eventually(async () => {
        const found = await deadLetters('faults-bundled');
        return found.length > 0 ? found : undefined;
      });
      expect(letters.map((letter) => decodeJson(letter.data))).toEqual([
        { id: 'broken-1', failTimes: 0 },
      ]);
      expect(letters[0]?.headers?.get('Clarion-Reason')).toContain('gave up after 2');
      expect(handlers.attempts.get('broken-1')).toBe(2);
      expect(handlers.stored).toEqual(expect.arrayContaining(['kept-1', 'kept-2']));
      await expect(messagesLeftOn('delivery.faults-bundled')).resolves.toBe(0);
    });

    it('dead-letters a part not of its shape alone, and handles the others', async () => {
      const body = JSON.stringify([
        { i: 'shaped', p: { id: 'shaped', failTimes: 0 } },
        { i: 'misshaped', p: { id: 5 } },
        { i: 'null', p: null },
      ]);
      await sut.publishRaw('delivery.faults-bundled', new TextEncoder().encode(body), {
        'Clarion-Parts': '3',
      });
      await eventually(() => (handlers.stored.includes('shaped') ? true : undefined));
      const letters = await eventually(async () => {
        const found = (await deadLetters('faults-bundled')).filter((letter) =>
          letter.headers?.get('Clarion-Reason').startsWith('malformed'),
        );
        return found.length > 1 ? found : undefined;
      });
      expect(letters.map((letter) => decodeJson(letter.data))).toEqual([{ id: 5 }, null]);
      await expect(messagesLeftOn('delivery.faults-bundled')).resolves.toBe(0);
    });
  });

  async function messagesLeftOn(subject: string): Promise<number> {
    const manager = await raw.jetstreamManager();
    return eventually(async () => {
      const info = await manager.streams.info(`${namespace}_DELIVERY`, {
        subjects_filter: `${namespace}.${subject}`,
      });
      const left = info.state.subjects?.[`${namespace}.${subject}`] ?? 0;
      return left === 0 ? 0 : undefined;
    }).catch(async () => {
      const info = await manager.streams.info(`${namespace}_DELIVERY`, {
        subjects_filter: `${namespace}.${subject}`,
      });
      return info.state.subjects?.[`${namespace}.${subject}`] ?? 0;
    });
  }

  /** Every dead letter of a consumer so far. */
  async function deadLetters(durable: string): Promise<JsMsg[]> {
    const manager = await raw.jetstreamManager();
    const reader = `reader-${Math.random().toString(36).slice(2, 8)}`;
    await manager.consumers.add(`${namespace}_DEAD_LETTER`, {
      durable_name: reader,
      ack_policy: AckPolicy.Explicit,
      filter_subject: `${namespace}.dlq.DELIVERY.${durable}`,
    });
    const consumer = await raw.jetstream().consumers.get(`${namespace}_DEAD_LETTER`, reader);
    const letters: JsMsg[] = [];
    for (;;) {
      const letter = await consumer.next({ expires: 1_000 });
      if (!letter) return letters;
      letters.push(letter);
      letter.ack();
    }
  }
});
