import { hasSlackTokenHints, slackTokenWithHints } from './slack-token-hints';

const BOT = 'xoxb-1234567890-0987654321-AbCdEfGh';
const USER = 'xoxp-1234567890-0987654321-IjKlMnOp';
const HOOK = 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX';

describe('slackTokenWithHints', () => {
  const stored = {
    ok: true,
    access_token: BOT,
    token_type: 'bot',
    team: { id: 'T0', name: 'Acme' },
    authed_user: { id: 'U0', access_token: USER, scope: 'chat:write' },
    incoming_webhook: { channel: '#general', url: HOOK },
  };

  it('shows every token and the incoming webhook URL as a hint, the rest as stored', () => {
    const shown = slackTokenWithHints(stored);
    expect(shown).toEqual({
      ...stored,
      access_token: 'xoxb-…EfGh',
      authed_user: { id: 'U0', access_token: 'xoxp-…MnOp', scope: 'chat:write' },
      incoming_webhook: { channel: '#general', url: '…XXXX' },
    });
    expect(JSON.stringify(shown)).not.toMatch(/AbCdEfGh|IjKlMnOp|hooks\.slack/);
    expect(stored.access_token).toBe(BOT);
  });

  it('tells a token object sent back as read from one with tokens', () => {
    expect(hasSlackTokenHints(slackTokenWithHints(stored))).toBe(true);
    expect(hasSlackTokenHints(stored)).toBe(false);
    expect(hasSlackTokenHints({ ok: true })).toBe(false);
  });
});
