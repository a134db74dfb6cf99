import { ErrorCode } from '@clarion/contracts';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';
import { dependencyFailureOf } from './dependency-failure';

describe(dependencyFailureOf.name, () => {
  const codeOf = (error: unknown) => dependencyFailureOf(error)?.code;

  it('answers a NATS or JetStream timeout as SERVICE_TIMEOUT', () => {
    expect(codeOf(new NatsError('timeout', NatsErrorCode.Timeout))).toBe(ErrorCode.SERVICE_TIMEOUT);
  });

  it('answers any other failure of NATS or JetStream as SERVICE_UNAVAILABLE', () => {
    for (const code of [NatsErrorCode.Disconnect, NatsErrorCode.PermissionsViolation, '400']) {
      expect(codeOf(new NatsError('failed', code))).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    }
  });

  it('answers a message over the size limit as PAYLOAD_TOO_LARGE', () => {
    const overStreamLimit = Object.assign(new NatsError('too large', '400'), {
      api_error: {
        code: 400,
        err_code: 10054,
        description: 'message size exceeds maximum allowed',
      },
    });
    expect(codeOf(new NatsError('too large', NatsErrorCode.MaxPayloadExceeded))).toBe(
      ErrorCode.PAYLOAD_TOO_LARGE,
    );
    expect(codeOf(overStreamLimit)).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('answers an unreachable socket as SERVICE_UNAVAILABLE', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(codeOf(refused)).toBe(ErrorCode.SERVICE_UNAVAILABLE);
  });

  it('leaves bugs alone, so that they stay internal errors', () => {
    expect(dependencyFailureOf(new NatsError('bad', NatsErrorCode.BadSubject))).toBeUndefined();
    expect(dependencyFailureOf(new TypeError('x is undefined'))).toBeUndefined();
  });
});
