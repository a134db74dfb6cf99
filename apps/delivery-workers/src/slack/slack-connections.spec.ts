import { ConnectSlackRequest, ErrorCode } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { SlackApiError, SlackUnavailableError } from './slack-errors';
import { SlackAdapter } from './slack.adapter';
import { SlackConnections } from './slack-connections';

describe(SlackConnections.name, () => {
  const app = { clientId: 'app', clientSecret: 'secret' };
  const request: ConnectSlackRequest = {
    accountId: 'a',
    envId: 'e',
    userId: 'ada',
    code: 'code',
    redirectUri: 'https://app.test/slack',
  };
  const token = { ok: true, access_token: 'xoxb-1', team: { id: 'T1' } };
  let stored: unknown[];
  const messaging = {
    request: (_definition: unknown, payload: unknown) => {
      stored.push(payload);
      return Promise.resolve({ id: 'ada' });
    },
  } as unknown as MessagingClient;
  const slackAnswering = (answer: () => Promise<Record<string, unknown>>) =>
    ({ exchangeCode: answer }) as unknown as SlackAdapter;

  beforeEach(() => {
    stored = [];
  });

  it("stores the token Slack gives for the code as the user's slackToken", async () => {
    const sut = new SlackConnections(
      slackAnswering(() => Promise.resolve(token)),
      messaging,
      app,
    );

    expect(await sut.connect(request)).toEqual({ success: true });
    expect(stored).toEqual([
      { accountId: 'a', envId: 'e', userId: 'ada', fields: { slackToken: token } },
    ]);
  });

  it('answers 501 on a deployment without a Slack app', async () => {
    const sut = new SlackConnections(
      slackAnswering(() => Promise.resolve(token)),
      messaging,
      null,
    );

    await expect(sut.connect(request)).rejects.toMatchObject({ code: ErrorCode.NOT_IMPLEMENTED });
    expect(stored).toEqual([]);
  });

  it('answers 400 for a code Slack refuses, and 502 when Slack cannot be reached', async () => {
    const refused = new SlackConnections(
      slackAnswering(() => Promise.reject(new SlackApiError('invalid_code'))),
      messaging,
      app,
    );
    const away = new SlackConnections(
      slackAnswering(() => Promise.reject(new SlackUnavailableError('HTTP 503'))),
      messaging,
      app,
    );

    await expect(refused.connect(request)).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'Slack refused the code: invalid_code',
    });
    await expect(away.connect(request)).rejects.toMatchObject({ code: ErrorCode.PROVIDER_ERROR });
    expect(stored).toEqual([]);
  });
});
