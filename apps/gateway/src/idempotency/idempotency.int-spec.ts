import { INestApplicationContext, Module } from '@nestjs/common';
import { DomainError, ErrorCode } from '@clarion/contracts';
import { MessagingModule } from '@clarion/messaging';
import { bootService, createTestNamespace } from '@clarion/testing';
import { connect } from 'nats';
import { IdempotencyService } from './idempotency.service';

describe(IdempotencyService.name, () => {
  const namespace = createTestNamespace();
  let app: INestApplicationContext;
  let sut: IdempotencyService;

  beforeAll(async () => {
    @Module({
      imports: [
        MessagingModule.forRoot({
          serviceName: 'gateway',
          natsUrl: process.env['NATS_URL']!,
          namespace,
          requestTimeoutMs: 1_000,
        }),
      ],
      providers: [IdempotencyService],
    })
    class TestModule {}
    app = await bootService({ module: TestModule });
    await app.init();
    sut = app.get(IdempotencyService);
  });

  afterAll(async () => {
    await app.close();
    const connection = await connect({ servers: process.env['NATS_URL'] });
    await (
      await connection.jetstreamManager()
    ).streams
      .delete(`KV_${namespace}_IDEMPOTENCY`)
      .catch(() => undefined);
    await connection.close();
  });

  const slow =
    <T>(value: T, ms = 0) =>
    () =>
      new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
  /** A request whose own trackingId is `trackingId`. */
  const run = <T>(
    key: string,
    body: unknown,
    work: (trackingId: string) => Promise<T>,
    trackingId = 'own',
  ) => sut.run('acct', key, body, trackingId, work);

  it('runs the first request and answers a retry with the first answer', async () => {
    await expect(run('k1', { a: 1 }, slow({ trackingId: 'first' }))).resolves.toEqual({
      trackingId: 'first',
    });
    await expect(run('k1', { a: 1 }, slow({ trackingId: 'second' }))).resolves.toEqual({
      trackingId: 'first',
    });
  });

  it('refuses the same key with another body with IDEMPOTENCY_KEY_REUSED', async () => {
    await run('k2', { a: 1 }, slow('ok'));
    await expect(run('k2', { a: 2 }, slow('other'))).rejects.toMatchObject({
      code: ErrorCode.IDEMPOTENCY_KEY_REUSED,
    });
  });

  it('refuses a retry while the first request is in flight with IDEMPOTENCY_REQUEST_IN_FLIGHT', async () => {
    const first = run('k3', { a: 1 }, slow('first', 300));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(run('k3', { a: 1 }, slow('second'))).rejects.toMatchObject({
      code: ErrorCode.IDEMPOTENCY_REQUEST_IN_FLIGHT,
    });
    await expect(first).resolves.toBe('first');
  });

  it('runs each request under its own trackingId when it has no key', async () => {
    await expect(sut.run('acct', undefined, {}, 'mine', (id) => slow(id)())).resolves.toBe('mine');
  });

  it('lets a retry run again, under the trackingId of the failed first request', async () => {
    // The first request's send may be stored although it failed (an ack lost with the broker):
    // its retry must be the same send, which every later stage knows by its trackingId.
    const stored: string[] = [];
    const storeThenFail = (trackingId: string) => {
      stored.push(trackingId);
      return Promise.reject(new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'ack lost'));
    };
    await expect(run('k4', {}, storeThenFail, 'first')).rejects.toBeInstanceOf(DomainError);
    await expect(run('k4', {}, storeThenFail, 'second')).rejects.toBeInstanceOf(DomainError);
    await expect(run('k4', {}, (id) => slow(`stored ${id}`)(), 'third')).resolves.toBe(
      'stored first',
    );
    expect(stored).toEqual(['first', 'first']);
    await expect(run('k4', {}, slow('again'), 'fourth')).resolves.toBe('stored first');
  });

  it('takes another body after a failed first request as a new send, under its own trackingId', async () => {
    const refuse = () =>
      Promise.reject(new DomainError(ErrorCode.VALIDATION_FAILED, 'bad template'));
    await expect(run('k5', { title: '{{' }, refuse, 'first')).rejects.toBeInstanceOf(DomainError);
    await expect(run('k5', { title: 'fixed' }, (id) => slow(id)(), 'second')).resolves.toBe(
      'second',
    );
    await expect(run('k5', { title: '{{' }, slow('old body'), 'third')).rejects.toMatchObject({
      code: ErrorCode.IDEMPOTENCY_KEY_REUSED,
    });
  });

  it('keeps accounts apart: the same key of another account is another request', async () => {
    await sut.run('acct-a', 'shared', { a: 1 }, 'a', slow('for a'));
    await expect(sut.run('acct-b', 'shared', { a: 2 }, 'b', slow('for b'))).resolves.toBe('for b');
  });
});
