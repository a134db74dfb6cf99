/**
 * The bot token in a stored Slack OAuth v2 access response (`oauth.v2.access`): `access_token`,
 * else the user token of `authed_user`, else a bare `token` (legacy and hand-made entries).
 */
export function slackBotTokenOf(
  slackToken: Record<string, unknown> | undefined,
): string | undefined {
  if (!slackToken) return undefined;
  const authedUser = slackToken['authed_user'];
  const candidates = [
    slackToken['access_token'],
    isRecord(authedUser) ? authedUser['access_token'] : undefined,
    slackToken['token'],
  ];
  return candidates.find((token): token is string => typeof token === 'string' && token !== '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
