import { LogQueryDto } from '@clarion/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { conditionsOf, stepFieldsOf } from './log-query-conditions';

const ACCOUNT = '0190b8a4-0000-7000-8000-000000000001';

describe(conditionsOf.name, () => {
  const sut = conditionsOf;

  it('always limits a query to the account', () => {
    expect(sut(ACCOUNT, {})).toEqual({ conditions: ['account_id = $1'], params: [ACCOUNT] });
  });

  it('narrows a date range by tracking id and checks received_at, a whole end second included', () => {
    const { conditions, params } = sut(ACCOUNT, { dateRangeFilter: [1763712000, 1763798400] });
    expect(conditions.slice(1)).toEqual([
      'tracking_id >= $2::uuid',
      'tracking_id < $3::uuid',
      "(record->>'received_at')::timestamptz BETWEEN $4::timestamptz AND $5::timestamptz",
    ]);
    expect(params.slice(3)).toEqual(['2025-11-21T08:00:00.000Z', '2025-11-22T08:00:00.999Z']);
  });

  it('takes timestamps above 1e12 as milliseconds', () => {
    const { params } = sut(ACCOUNT, { dateRangeFilter: [1763712000000, 1763712000500] });
    expect(params.slice(3)).toEqual(['2025-11-21T08:00:00.000Z', '2025-11-21T08:00:00.500Z']);
  });

  it('matches a step on the filtered channels only, and every filter together', () => {
    const { conditions, params } = sut(ACCOUNT, {
      userFilter: 'ada',
      envIdFilter: [ACCOUNT],
      statusFilter: 'failed',
      channelFilter: ['sms', 'email'],
      notificationFilter: ['welcome'],
    });
    expect(conditions.slice(1)).toEqual([
      "record->>'user_id' = $2",
      'env_id = ANY($3::uuid[])',
      'record ?| $4::text[]',
      'record ?| $5::text[]',
      "record->>'type' = ANY($6::text[])",
    ]);
    expect(params.slice(1)).toEqual([
      'ada',
      [ACCOUNT],
      ['failed_at', 'sms_failed_at', 'email_failed_at'],
      ['sms_routing', 'email_routing'],
      ['welcome'],
    ]);
  });

  it('finds sends by their trackingIds', () => {
    const trackingId = '0192f0c4-0000-7000-8000-000000000000';
    expect(sut(ACCOUNT, { trackingIds: [trackingId, trackingId] })).toEqual({
      conditions: ['account_id = $1', 'tracking_id = ANY($2::uuid[])'],
      params: [ACCOUNT, [trackingId]],
    });
  });

  it('treats empty lists as no filter', () => {
    expect(sut(ACCOUNT, { envIdFilter: [], channelFilter: [], notificationFilter: [] })).toEqual({
      conditions: ['account_id = $1'],
      params: [ACCOUNT],
    });
  });
});

describe(stepFieldsOf.name, () => {
  it('names the record fields of each step', () => {
    expect(stepFieldsOf('ignored')).toEqual(['ignored']);
    expect(stepFieldsOf('scheduled')).toEqual(['scheduled_for']);
    expect(stepFieldsOf('opened', ['email'])).toEqual(['email_opened_at']);
    expect(stepFieldsOf('sent')).toEqual([
      'email_sent_at',
      'inapp_sent_at',
      'sms_sent_at',
      'call_sent_at',
      'web_push_sent_at',
      'mobile_push_sent_at',
      'slack_sent_at',
    ]);
  });
});

describe(LogQueryDto.name, () => {
  const errorsOf = (body: object) =>
    validateSync(plainToInstance(LogQueryDto, body)).flatMap((error) =>
      Object.values(error.constraints ?? {}),
    );

  it('accepts every filter together', () => {
    expect(
      errorsOf({
        dateRangeFilter: [1763712000, 1763798400],
        userFilter: 'ada',
        envIdFilter: [ACCOUNT],
        statusFilter: 'delivered',
        channelFilter: ['inapp', 'web_push'],
        notificationFilter: ['welcome'],
      }),
    ).toEqual([]);
  });

  it('names an unknown channel and an unknown step', () => {
    expect(errorsOf({ channelFilter: ['email', 'fax'] })).toEqual([
      expect.stringMatching(/^channelFilter has an unknown channel "fax"; use email, inapp/),
    ]);
    expect(errorsOf({ statusFilter: 'bounced' })).toEqual([
      expect.stringMatching(/^statusFilter "bounced" is not a step; use one of sent, delivered/),
    ]);
  });

  it('wants a date range of two ordered timestamps', () => {
    expect(errorsOf({ dateRangeFilter: [1763712000] })).toEqual([
      'dateRangeFilter must be [start, end]',
    ]);
    expect(errorsOf({ dateRangeFilter: [1763798400, 1763712000] })).toEqual([
      'dateRangeFilter must not end before it starts',
    ]);
    expect(errorsOf({ dateRangeFilter: [1763712000, 1763712000500] })).toEqual([]);
    expect(errorsOf({ dateRangeFilter: [1763712000, 'soon'] })).toContain(
      'dateRangeFilter must hold unix timestamps (numbers)',
    );
  });
});
