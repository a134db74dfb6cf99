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

  it('runs the first request and answers a retry with the first answer', async () => {
    await expect(sut.run('acct', 'k1', { a: 1 }, slow({ trackingId: 'first' }))).resolves.toEqual({
      trackingId: 'first',
    });
    await expect(sut.run('acct', 'k1', { a: 1 }, slow({ trackingId: 'second' }))).resolves.toEqual({
      trackingId: 'first',
    });
  });

  it('refuses the same key with another body with IDEMPOTENCY_KEY_REUSED', async () => {
    await sut.run('acct', 'k2', { a: 1 }, slow('ok'));
    await expect(sut.run('acct', 'k2', { a: 2 }, slow('other'))).rejects.toMatchObject({
      code: ErrorCode.IDEMPOTENCY_KEY_REUSED,
    });
  });

  it('refuses a retry while the first request is in flight with IDEMPOTENCY_REQUEST_IN_FLIGHT', async () => {
    const first = sut.run('acct', 'k3', { a: 1 }, slow('first', 300));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(sut.run('acct', 'k3', { a: 1 }, slow('second'))).rejects.toMatchObject({
      code: ErrorCode.IDEMPOTENCY_REQUEST_IN_FLIGHT,
    });
    await expect(first).resolves.toBe('first');
  });

  it('lets a retry run again when the first request failed', async () => {
    await expect(
      sut.run('acct', 'k4', {}, () =>
        Promise.reject(new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'down')),
      ),
    ).rejects.toBeInstanceOf(DomainError);
    await expect(sut.run('acct', 'k4', {}, slow('recovered'))).resolves.toBe('recovered');
  });

  it('keeps accounts apart: the same key of another account is another request', async () => {
    await sut.run('acct-a', 'shared', { a: 1 }, slow('for a'));
    await expect(sut.run('acct-b', 'shared', { a: 2 }, slow('for b'))).resolves.toBe('for b');
  });
});
