import { costOfCall, CostedCall, wasConnected } from './call-cost';
import { MinutePrices } from './minute-prices';

const prices = MinutePrices.parse('pstn=0.015,web=0.005');
const START = new Date('2026-11-21T10:00:00.000Z');

function call(seconds: number, overrides: Partial<CostedCall> = {}): CostedCall {
  return {
    source: 'pstn',
    startedAt: START,
    endedAt: new Date(START.getTime() + seconds * 1_000),
    timelineTypes: ['call.ringing', 'call.answered', 'agent', 'user', 'call.ended'],
    maxCallLengthSeconds: 600,
    ...overrides,
  };
}

describe(costOfCall.name, () => {
  it.each([
    [0, 0],
    [0.001, 1],
    [59.999, 1],
    [60, 1],
    [60.001, 2],
    [125, 3],
  ])('bills a call of %p s as %p started minutes', (seconds, minutes) => {
    expect(costOfCall(call(seconds), prices).billableMinutes).toBe(minutes);
  });

  it('prices the minutes by source, rounded to 6 decimals, in USD', () => {
    expect(costOfCall(call(150), prices)).toEqual({
      amount: 0.045,
      currency: 'USD',
      billableMinutes: 3,
    });
    const web = call(61, { source: 'web', timelineTypes: ['media.connected', 'agent'] });
    expect(costOfCall(web, prices)).toEqual({ amount: 0.01, currency: 'USD', billableMinutes: 2 });
    const odd = MinutePrices.parse('pstn=0.0123456789');
    expect(costOfCall(call(60), odd).amount).toBe(0.012346);
  });

  it('counts a phone call connected by its stream (media.connected) from its start', () => {
    const streamed = call(90, { timelineTypes: ['call.ringing', 'media.connected', 'agent'] });
    expect(costOfCall(streamed, prices).billableMinutes).toBe(2);
  });

  it('bills nothing for a call nobody answered, whatever it lasted', () => {
    const rangOut = call(30, { timelineTypes: ['call.ringing', 'call.ended'] });
    expect(costOfCall(rangOut, prices)).toEqual({
      amount: 0,
      currency: 'USD',
      billableMinutes: 0,
    });
    const browserNeverConnected = call(40, { source: 'web', timelineTypes: ['call.ended'] });
    expect(costOfCall(browserNeverConnected, prices).amount).toBe(0);
  });

  it('bills no more than maxCallLengthSeconds (a call expired late, a cut a moment late)', () => {
    expect(costOfCall(call(300.004, { maxCallLengthSeconds: 300 }), prices).billableMinutes).toBe(
      5,
    );
    expect(costOfCall(call(5 * 3600, { maxCallLengthSeconds: 600 }), prices).billableMinutes).toBe(
      10,
    );
    expect(costOfCall(call(5 * 3600, { maxCallLengthSeconds: null }), prices).billableMinutes).toBe(
      300,
    );
  });

  it('bills nothing for an end recorded before the start', () => {
    expect(costOfCall(call(-5), prices).billableMinutes).toBe(0);
  });
});

describe(wasConnected.name, () => {
  it.each([
    [['call.answered'], true],
    [['media.connected'], true],
    [['call.ringing', 'call.voicemail', 'call.ended'], false],
    [[], false],
  ])('%j → %p', (types, connected) => {
    expect(wasConnected(types)).toBe(connected);
  });
});
