import { isSecretHint, secretHint } from '../common/secret-hint';

type Json = Record<string, unknown>;

/** The credentials in a Slack OAuth v2 access response (spec 2.9), by where they sit in it. */
const CREDENTIALS: Record<string, string[]> = {
  '': ['access_token', 'refresh_token', 'token'],
  authed_user: ['access_token', 'refresh_token'],
  incoming_webhook: ['url'],
};

/**
 * A user's Slack token object as it is shown (user reads, stored send requests): every token,
 * and the incoming webhook's URL, as a hint; the rest (team, scope, ids) as stored.
 */
export function slackTokenWithHints(slackToken: Json): Json {
  return mapCredentials(slackToken, (value) =>
    typeof value === 'string' ? secretHint(value) : value,
  );
}

/** Whether a Slack token object carries hints (a client sent back what it read), not tokens. */
export function hasSlackTokenHints(slackToken: Json): boolean {
  let hinted = false;
  mapCredentials(slackToken, (value) => {
    hinted ||= isSecretHint(value);
    return value;
  });
  return hinted;
}

function mapCredentials(slackToken: Json, map: (value: unknown) => unknown): Json {
  const copy: Json = { ...slackToken };
  for (const [path, fields] of Object.entries(CREDENTIALS)) {
    const parent = path === '' ? copy : copy[path];
    if (typeof parent !== 'object' || parent === null || Array.isArray(parent)) continue;
    const target: Json = path === '' ? copy : { ...(parent as Json) };
    for (const field of fields) if (field in target) target[field] = map(target[field]);
    if (path !== '') copy[path] = target;
  }
  return copy;
}
