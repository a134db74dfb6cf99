import { OutboundUrlRefusedError } from '@clarion/outbound';
import { outcomeOfError, outcomeOfResponse } from './webhook-outcome';
import { describeAttempt } from './webhook-results';

describe(outcomeOfResponse.name, () => {
  const now = Date.parse('2024-05-01T12:00:00Z');

  it('counts only a 2xx as delivered', () => {
    expect(outcomeOfResponse(200, null, now)).toEqual({ kind: 'delivered', status: 200 });
    expect(outcomeOfResponse(204, null, now)).toEqual({ kind: 'delivered', status: 204 });
    expect(outcomeOfResponse(302, null, now)).toEqual({ kind: 'failed', reason: '302' });
    expect(outcomeOfResponse(400, null, now)).toEqual({ kind: 'failed', reason: '400' });
    expect(outcomeOfResponse(500, null, now)).toEqual({ kind: 'failed', reason: '500' });
  });

  it('takes 410 as the receiver asking to be forgotten', () => {
    expect(outcomeOfResponse(410, null, now)).toEqual({ kind: 'gone', status: 410 });
  });

  it('reads Retry-After of a 429 or 503 only', () => {
    expect(outcomeOfResponse(429, '120', now)).toEqual({
      kind: 'failed',
      reason: '429',
      retryAfterMs: 120_000,
    });
    expect(outcomeOfResponse(503, 'Wed, 01 May 2024 12:00:30 GMT', now)).toMatchObject({
      retryAfterMs: 30_000,
    });
    expect(outcomeOfResponse(500, '120', now)).toEqual({ kind: 'failed', reason: '500' });
  });
});

describe(outcomeOfError.name, () => {
  it('describes a timeout, a refused connection and a refused address', () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const privateAddress = new OutboundUrlRefusedError('http://10.0.0.1/', '10.0.0.1 is private');

    expect(outcomeOfError(timeout)).toEqual({ kind: 'failed', reason: 'timeout' });
    expect(outcomeOfError(refused)).toEqual({ kind: 'failed', reason: 'ECONNREFUSED' });
    expect(outcomeOfError(privateAddress)).toEqual({
      kind: 'failed',
      reason: 'refused: 10.0.0.1 is private',
    });
  });
});

describe(describeAttempt.name, () => {
  it('says what came of an attempt and what follows', () => {
    const delivered = { kind: 'delivered', status: 200 } as const;
    const failed = { kind: 'failed', reason: '503' } as const;

    expect(describeAttempt({ attempt: 1, outcome: delivered })).toBe('200');
    expect(describeAttempt({ attempt: 3, outcome: delivered })).toBe('200 (attempt 3)');
    expect(describeAttempt({ attempt: 2, outcome: failed, nextDelayMs: 300_400 })).toBe(
      '503 (attempt 2, next in 300 s)',
    );
    expect(describeAttempt({ attempt: 1, outcome: failed, nextDelayMs: 4_600 })).toBe(
      '503 (attempt 1, next in 4.6 s)',
    );
    expect(describeAttempt({ attempt: 10, outcome: { kind: 'failed', reason: 'timeout' } })).toBe(
      'timeout (attempt 10, gave up)',
    );
    expect(describeAttempt({ attempt: 1, outcome: { kind: 'gone', status: 410 } })).toBe(
      '410 (attempt 1, webhook disabled)',
    );
  });
});
