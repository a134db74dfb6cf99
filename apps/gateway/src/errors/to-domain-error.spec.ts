import { Logger } from '@nestjs/common';
import { ErrorCode } from '@clarion/contracts';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';
import { toDomainError } from './to-domain-error';

const URL_WITH_TOKEN = '/user/inapp/stream?token=eyJhIjoic2VjcmV0In0.c2lnbmF0dXJl&since=1';

describe(toDomainError.name, () => {
  let logged: string[];

  beforeEach(() => {
    logged = [];
    const record = (...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    };
    jest.spyOn(Logger.prototype, 'error').mockImplementation(record);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(record);
  });

  afterEach(() => jest.restoreAllMocks());

  it('logs an unexpected error with the path of its request, never the query string', () => {
    const answer = toDomainError(new TypeError('x is undefined'), 'GET', URL_WITH_TOKEN);
    expect(answer.code).toBe(ErrorCode.INTERNAL_ERROR);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('GET /user/inapp/stream');
    expect(logged[0]).not.toContain('?');
    expect(logged[0]).not.toContain('token');
  });

  it('logs a failure of the message bus with the path of its request, never the query string', () => {
    const answer = toDomainError(
      new NatsError('disconnected', NatsErrorCode.Disconnect),
      'GET',
      URL_WITH_TOKEN,
    );
    expect(answer.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('GET /user/inapp/stream');
    expect(logged[0]).not.toContain('token');
  });
});
