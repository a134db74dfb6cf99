import { usageTotalsOf } from './usage-totals';

describe(usageTotalsOf.name, () => {
  it('counts messages by channel and spend by kind, in the hosted service terms', () => {
    expect(
      usageTotalsOf([
        { item: 'email', count: 3, cost: 0.003 },
        { item: 'inapp', count: 2, cost: 0.0004 },
        { item: 'sms', count: 2, cost: 0.0158 },
        { item: 'call', count: 1, cost: 0.022 },
        { item: 'voice_call', count: 1, cost: 0.05 },
        { item: 'phone_number', count: 1, cost: 1.15 },
        { item: 'mobile_push', count: 1, cost: 0.0002 },
      ]),
    ).toEqual({
      messageUsage: 6,
      budgetUsage: 1.2414,
      costSms: 0.0158,
      costCall: 0.072,
      costNumber: 1.15,
      channelUsages: { EMAIL: 3, INAPP_WEB: 2, SMS: 2, CALL: 1, PUSH: 1 },
    });
  });

  it('is all zeros for a cycle without usage', () => {
    expect(usageTotalsOf([])).toEqual({
      messageUsage: 0,
      budgetUsage: 0,
      costSms: 0,
      costCall: 0,
      costNumber: 0,
      channelUsages: {},
    });
  });
});
