import { eventually, runSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

describe('usage limits: sends answer 402 once an account has spent its cost cap', () => {
  // In-app messages cost 5 USD here, so the 20 USD cap of budget_20 is reached after four.
  const suite = runSystemForSuite({ PRICE_TABLE: '{"inapp":5}' });

  it('meters delivered messages and answers 402 USAGE_LIMIT with a fix at the cap', async () => {
    const account = suite.system.createAccount('Thrifty', 'owner@thrifty.test');
    const api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const send = (n: number) =>
      api.call<{ trackingId: string; error?: Json }>('POST', '/send', {
        type: 'metered',
        to: { id: `u${n}` },
        inapp: { title: `#${n}` },
      });

    for (let n = 1; n <= 4; n++) expect((await send(n)).status).toBe(200);
    const refused = await eventually(
      async () => {
        const response = await send(99);
        return response.status === 402 ? response : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(refused.body.error).toMatchObject({
      code: 'USAGE_LIMIT',
      fix: expect.stringContaining('PATCH /account'),
    });

    const other = suite.system.createAccount('Unaffected', 'owner@unaffected.test');
    expect(
      (
        await ApiClient.withApiKey(suite.system.baseUrl, other.apiKey).call('POST', '/send', {
          type: 't',
          to: { id: 'u' },
          inapp: { title: 'x' },
        })
      ).status,
    ).toBe(200);
  });
});
