import { eventually } from '@clarion/testing';
import {
  instanceOfGetLogsResponse,
  instanceOfGetLogsResponseMessagesInner,
  instanceOfListPhoneNumbersResponse,
  instanceOfListPhoneNumbersResponseNumbersInner,
  instanceOfListReleasedPhoneNumbersResponse,
  instanceOfLogsGetResponse,
  instanceOfLogsGetResponseLogsInner,
  instanceOfLogsQueryResponse,
  instanceOfLogsQueryResultResponse,
  instanceOfLogsRetentionResponse,
  instanceOfLogsTailResponse,
  instanceOfOrderPhoneNumberResponse,
  instanceOfReleasePhoneNumberResponse,
  instanceOfSearchAvailablePhoneNumbersResponse,
  instanceOfSearchAvailablePhoneNumbersResponseNumbersInner,
  LogsGetResponseLogsInner,
} from 'pingram';
import { ApiClient } from '../api-client';
import { expectComplete, pingramSuite } from './pingram-suite';

type Json = Record<string, unknown>;

const expectLogsComplete = (logs: LogsGetResponseLogsInner[] = []) => {
  for (const log of logs) expectComplete(log, instanceOfLogsGetResponseLogsInner);
  return logs;
};

/**
 * The logs and phone-number operations of `pingram@1.0.14`. Numbers come from the sandbox
 * inventory (no Twilio configured, as `npm start` runs it).
 */
describe('pingram@1.0.14: logs and numbers', () => {
  const suite = pingramSuite('Logs Co');
  let api: ApiClient;
  const trackingIds: string[] = [];

  beforeAll(async () => {
    api = ApiClient.withApiKey(suite.handle.system.baseUrl, suite.account.apiKey);
    for (const user of ['ada', 'bob']) {
      const sent = await api.call<{ trackingId: string }>('POST', '/send', {
        type: 'welcome',
        to: { id: user },
        inapp: { title: `Welcome ${user}` },
        forceChannels: ['INAPP_WEB'],
      });
      expect(sent.status).toBe(200);
      trackingIds.push(sent.body.trackingId);
    }
    await eventually(async () => {
      const { body } = await api.call<{ logs: Json[] }>('GET', `/logs/${trackingIds.join(',')}`);
      return body.logs.filter((log) => log['inapp_sent_at']).length === 2 ? true : undefined;
    });
  });

  describe('logs', () => {
    it('logs.getLogs', async () => {
      const page = expectComplete(await suite.client.logs.getLogs(100), instanceOfGetLogsResponse);
      for (const message of page.messages) {
        expectComplete(message, instanceOfGetLogsResponseMessagesInner);
      }
      expect(new Set(page.messages.map((message) => message.trackingId))).toEqual(
        new Set(trackingIds),
      );
      const first = await suite.client.logs.getLogs(1);
      expect(first.messages).toHaveLength(1);
      const next = await suite.client.logs.getLogs(1, first.nextCursor);
      expect(next.messages[0]?.epochMs).toBeLessThanOrEqual(first.messages[0]!.epochMs);
      expect(next.messages[0]).not.toEqual(first.messages[0]);
    });

    it('logs.getLogsByTrackingIds', async () => {
      const answer = expectComplete(
        await suite.client.logs.getLogsByTrackingIds(trackingIds.join(',')),
        instanceOfLogsGetResponse,
      );
      const logs = expectLogsComplete(answer.logs);
      expect(logs.map((log) => log.trackingId).sort()).toEqual([...trackingIds].sort());
      expect(logs.map((log) => [log.accountId, log.user_id, typeof log.inapp_sent_at])).toEqual(
        expect.arrayContaining([
          [suite.account.accountId, 'ada', 'string'],
          [suite.account.accountId, 'bob', 'string'],
        ]),
      );
    });

    it('logs.startLogsQuery', async () => {
      const started = expectComplete(
        await suite.client.logs.startLogsQuery({ userFilter: 'ada' }),
        instanceOfLogsQueryResponse,
      );
      expect(started.queryId).toEqual(expect.any(String));
    });

    it('logs.getLogsQueryResult', async () => {
      const started = await api.call<{ queryId: string }>('POST', '/logs/query', {
        userFilter: 'bob',
      });
      const result = await eventually(async () => {
        const current = await suite.client.logs.getLogsQueryResult(started.body.queryId);
        return current.status === 'Running' ? undefined : current;
      });
      expectComplete(result, instanceOfLogsQueryResultResponse);
      expect(result.status).toBe('Complete');
      expect(expectLogsComplete(result.logs).map((log) => log.trackingId)).toEqual([
        trackingIds[1],
      ]);
    });

    it('logs.tailLogs', async () => {
      const tail = expectComplete(await suite.client.logs.tailLogs(), instanceOfLogsTailResponse);
      expect(expectLogsComplete(tail.logs).map((log) => log.trackingId)).toEqual(
        [...trackingIds].reverse(),
      );
    });

    it('logs.getLogRetention', async () => {
      const retention = expectComplete(
        await suite.client.logs.getLogRetention(),
        instanceOfLogsRetentionResponse,
      );
      expect(retention.retentionInDays).toBeGreaterThan(0);
    });
  });

  describe('numbers', () => {
    const available = async () =>
      (
        await api.call<{ numbers: { phoneNumber: string }[] }>(
          'GET',
          '/numbers/available?countryCode=US&limit=50',
        )
      ).body.numbers.map((number) => number.phoneNumber);
    let inventory: string[] = [];
    const nextNumber = () => inventory.shift()!;

    beforeAll(async () => {
      inventory = await available();
    });

    it('numbers.searchAvailable', async () => {
      const found = expectComplete(
        await suite.client.numbers.searchAvailable('US', 'sms', undefined, 3),
        instanceOfSearchAvailablePhoneNumbersResponse,
      );
      expect(found.numbers).toHaveLength(3);
      for (const number of found.numbers) {
        expectComplete(number, instanceOfSearchAvailablePhoneNumbersResponseNumbersInner);
        expect(number.phoneNumber).toMatch(/^\+1\d{10}$/);
        expect(number.features).toContain('sms');
        expect(number.monthlyPrice).toBeGreaterThan(0);
      }
    });

    it('numbers.orderNumber', async () => {
      const phoneNumber = nextNumber();
      const ordered = expectComplete(
        await suite.client.numbers.orderNumber({ phoneNumber }),
        instanceOfOrderPhoneNumberResponse,
      );
      expect(ordered).toEqual({
        orderId: expect.any(String),
        status: 'completed',
        phoneNumber,
      });
    });

    it('numbers.list', async () => {
      const phoneNumber = nextNumber();
      await api.call('POST', '/numbers/order', { phoneNumber });
      const listed = expectComplete(
        await suite.client.numbers.list(),
        instanceOfListPhoneNumbersResponse,
      );
      for (const number of listed.numbers) {
        expectComplete(number, instanceOfListPhoneNumbersResponseNumbersInner);
      }
      expect(listed.sharedNumber).toEqual(expect.any(String));
      expect(listed.numbers).toContainEqual(
        expect.objectContaining({ phoneNumber, countryCode: 'US', billingStatus: 'active' }),
      );
    });

    it('numbers.releaseNumber', async () => {
      const phoneNumber = nextNumber();
      await api.call('POST', '/numbers/order', { phoneNumber });
      const released = expectComplete(
        await suite.client.numbers.releaseNumber(phoneNumber),
        instanceOfReleasePhoneNumberResponse,
      );
      expect(released).toEqual({
        phoneNumber,
        released: true,
        releasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('numbers.listReleased', async () => {
      const phoneNumber = nextNumber();
      await api.call('POST', '/numbers/order', { phoneNumber });
      await api.call('DELETE', `/numbers/${encodeURIComponent(phoneNumber)}`);
      const released = expectComplete(
        await suite.client.numbers.listReleased(),
        instanceOfListReleasedPhoneNumbersResponse,
      );
      for (const number of released.numbers) {
        expectComplete(number, instanceOfListPhoneNumbersResponseNumbersInner);
      }
      expect(released.numbers).toContainEqual(
        expect.objectContaining({ phoneNumber, billingStatus: 'released' }),
      );
    });
  });
});
