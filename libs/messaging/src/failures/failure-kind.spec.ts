import { DomainError, ErrorCode, NotFoundError } from '@clarion/contracts';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';
import { failureKindOf } from './failure-kind';

/** What node-postgres throws for an error the server reported. */
function postgresError(code: string, message = 'server said no'): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

describe(failureKindOf.name, () => {
  it('calls an unreachable or busy dependency transient', () => {
    expect(failureKindOf(new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'down'))).toBe('transient');
    expect(failureKindOf(new DomainError(ErrorCode.SERVICE_TIMEOUT, 'slow'))).toBe('transient');
    expect(failureKindOf(new NatsError('timeout', NatsErrorCode.Timeout))).toBe('transient');
    expect(failureKindOf(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(
      'transient',
    );
    expect(failureKindOf(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(failureKindOf(new Error('timeout exceeded when trying to connect'))).toBe('transient');
    expect(failureKindOf(postgresError('57P01', 'terminating connection'))).toBe('transient');
    expect(failureKindOf(postgresError('08006'))).toBe('transient');
    expect(failureKindOf(postgresError('40001'))).toBe('transient');
  });

  it('sees a database error wrapped by TypeORM', () => {
    const wrapped = Object.assign(new Error('query failed'), {
      driverError: postgresError('57P03', 'the database system is starting up'),
    });
    expect(failureKindOf(wrapped)).toBe('transient');
  });

  it('calls what can never succeed permanent', () => {
    expect(failureKindOf(new DomainError(ErrorCode.VALIDATION_FAILED, 'bad'))).toBe('permanent');
    expect(failureKindOf(postgresError('22P05', 'unsupported Unicode escape sequence'))).toBe(
      'permanent',
    );
    expect(failureKindOf(postgresError('22021', 'invalid byte sequence for encoding "UTF8"'))).toBe(
      'permanent',
    );
  });

  it('leaves everything else unknown', () => {
    expect(failureKindOf(new Error('undefined is not a function'))).toBe('unknown');
    expect(failureKindOf(new NotFoundError('The user'))).toBe('unknown');
    expect(failureKindOf(postgresError('23505', 'duplicate key'))).toBe('unknown');
    expect(failureKindOf('a string')).toBe('unknown');
  });
});
