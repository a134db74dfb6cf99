import { DomainError, ErrorCode } from '@clarion/contracts';
import { loadEnv } from '@clarion/config';
import { GatewayEnv } from '../gateway.env';
import { StreamShares, streamShareLimitsOf } from './stream-shares';

function refusal(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return `${error.code} ${error.retryAfterSeconds}`;
    throw error;
  }
}

describe(StreamShares.name, () => {
  const tenantA = (address: string) => ({ envId: 'env-a', address });
  const tenantB = (address: string) => ({ envId: 'env-b', address });

  it("refuses an environment's stream beyond its share with 429, never another's", () => {
    const sut = new StreamShares({ perEnvironment: 2, perAddress: 10 });
    sut.take(tenantA('192.0.2.1'));
    sut.take(tenantA('192.0.2.2'));
    expect(refusal(() => sut.admit(tenantA('192.0.2.3'), false))).toBe(
      `${ErrorCode.RATE_LIMITED} 30`,
    );
    expect(refusal(() => sut.admit(tenantB('192.0.2.3'), false))).toBeUndefined();
  });

  it("admits a stream that replaces one of its user's although its environment's share is full", () => {
    const sut = new StreamShares({ perEnvironment: 1, perAddress: 10 });
    sut.take(tenantA('192.0.2.1'));
    expect(refusal(() => sut.admit(tenantA('192.0.2.1'), true))).toBeUndefined();
  });

  it("refuses an address's stream beyond its share whatever its environment, never another address's", () => {
    const sut = new StreamShares({ perEnvironment: 10, perAddress: 2 });
    sut.take(tenantA('192.0.2.1'));
    sut.take(tenantB('192.0.2.1'));
    expect(refusal(() => sut.admit(tenantB('192.0.2.1'), true))).toBe(
      `${ErrorCode.RATE_LIMITED} 30`,
    );
    expect(refusal(() => sut.admit(tenantB('192.0.2.2'), false))).toBeUndefined();
  });

  it('admits again once a stream of the full share is released', () => {
    const sut = new StreamShares({ perEnvironment: 1, perAddress: 1 });
    sut.take(tenantA('192.0.2.1'));
    sut.release(tenantA('192.0.2.1'));
    expect(refusal(() => sut.admit(tenantA('192.0.2.1'), false))).toBeUndefined();
  });

  it('gives by default an environment a quarter and an address a tenth of STREAMS_MAX', () => {
    expect(streamShareLimitsOf(loadEnv(GatewayEnv, { STREAMS_MAX: '10000' }))).toEqual({
      perEnvironment: 2_500,
      perAddress: 1_000,
    });
    expect(streamShareLimitsOf(loadEnv(GatewayEnv, { STREAMS_MAX: '1' }))).toEqual({
      perEnvironment: 1,
      perAddress: 1,
    });
    const configured = { STREAMS_PER_ENVIRONMENT: '7', STREAMS_PER_ADDRESS: '3' };
    expect(streamShareLimitsOf(loadEnv(GatewayEnv, configured))).toEqual({
      perEnvironment: 7,
      perAddress: 3,
    });
  });
});
