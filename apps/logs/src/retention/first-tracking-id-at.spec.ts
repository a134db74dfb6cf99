import { v7 as uuidv7 } from 'uuid';
import { firstTrackingIdAt } from './first-tracking-id-at';

describe(firstTrackingIdAt.name, () => {
  const sut = firstTrackingIdAt;

  it('puts the unix milliseconds in the first 48 bits', () => {
    expect(sut(Date.UTC(2026, 10, 21, 10))).toBe(
      `${Date.UTC(2026, 10, 21, 10)
        .toString(16)
        .padStart(12, '0')
        .replace(/^(.{8})/, '$1-')}-0000-0000-000000000000`,
    );
    expect(sut(0)).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('sorts before every UUIDv7 of that millisecond and after every earlier one', () => {
    const at = Date.UTC(2026, 10, 21, 10, 30);
    const bound = sut(at);
    const sameMs = uuidv7({ msecs: at });
    const earlier = uuidv7({ msecs: at - 1 });
    expect([sameMs, bound, earlier].sort()).toEqual([earlier, bound, sameMs]);
  });

  it('stays a valid uuid for times outside what 48 bits hold', () => {
    expect(sut(-5)).toBe('00000000-0000-0000-0000-000000000000');
    expect(sut(2 ** 50)).toBe('ffffffff-ffff-0000-0000-000000000000');
  });
});
