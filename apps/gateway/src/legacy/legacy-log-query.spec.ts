import { Channel, LATEST_EPOCH_MS } from '@clarion/contracts';
import { logQueryOfLegacy } from './legacy-log-query';

const OWN = { clientId: 'cid-of-the-caller', envId: '0192f0c4-0000-7000-8000-00000000000e' };

describe(logQueryOfLegacy.name, () => {
  const sut = logQueryOfLegacy;

  it('translates every filter the SDK sends into the filters of POST /logs/query', () => {
    const trackingId = '0192f0c4-0000-7000-8000-000000000001';
    expect(
      sut(
        {
          dateRangeFilter: { startTime: 1715904000000, endTime: 1718668799999 },
          notificationFilter: ['welcome'],
          channelFilter: [Channel.INAPP_WEB, Channel.PUSH, Channel.CALL, Channel.VOICE],
          userFilter: ['ada'],
          statusFilter: ['failure'],
          trackingIds: [trackingId],
          envIdFilter: [OWN.clientId],
        },
        OWN,
      ),
    ).toEqual({
      dateRangeFilter: [1715904000000, 1718668799999],
      notificationFilter: ['welcome'],
      channelFilter: ['inapp', 'mobile_push', 'call'],
      userFilter: 'ada',
      statusFilter: 'failed',
      trackingIds: [trackingId],
      envIdFilter: [OWN.envId],
    });
  });

  it('reads an open date range as starting in 1970 or ending never', () => {
    expect(sut({ dateRangeFilter: { startTime: 1715904000 } }, OWN)).toEqual({
      dateRangeFilter: [1715904000, LATEST_EPOCH_MS],
    });
    expect(sut({ dateRangeFilter: { endTime: 1715904000 } }, OWN)).toEqual({
      dateRangeFilter: [0, 1715904000],
    });
  });

  it('passes an envId through and adds nothing for filters not given', () => {
    const envId = '0192f0c4-0000-7000-8000-0000000000aa';
    expect(sut({ envIdFilter: [envId], statusFilter: ['delivered'] }, OWN)).toEqual({
      envIdFilter: [envId],
      statusFilter: 'delivered',
    });
    expect(sut({}, OWN)).toEqual({});
  });
});
