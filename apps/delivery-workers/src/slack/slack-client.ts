import { inClientSpan } from '@clarion/observability';
import { OutboundUrlRefusedError, type GuardedFetch } from '@clarion/outbound';
import { describeError } from '../delivery/describe-error';
import { retryAfterMs } from '../delivery/retry-after';
import type {
  ChatPostMessageArgs,
  PostedSlackMessage,
  SlackConversation,
  SlackUser,
} from './slack-api-types';
import type { SlackApp, SlackConfig } from './slack-config';
import { SlackApiError, SlackUnavailableError } from './slack-errors';

type SlackAnswer = Record<string, unknown>;

const REQUEST_TIMEOUT_MS = 15_000;
const PAGE_SIZE = '200';
/** A workspace with more than 200 × 100 channels or members is past what a lookup should scan. */
const MAX_PAGES = 100;

/**
 * The Slack Web API methods the adapter calls. Throws SlackApiError for `{ ok: false }`,
 * SlackUnavailableError for 429, 5xx, network errors and timeouts, and the guard's
 * OutboundUrlRefusedError for an API URL the outbound policy refuses.
 */
export class SlackClient {
  constructor(
    private readonly config: SlackConfig,
    private readonly fetch: GuardedFetch,
  ) {}

  async postMessage(token: string, args: ChatPostMessageArgs): Promise<PostedSlackMessage> {
    const answer = await this.call(bearer(token), 'chat.postMessage', {
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(args),
    });
    const ts = stringOf(answer['ts']);
    if (!ts) throw new SlackApiError('chat.postMessage answered ok without a ts');
    return { channel: stringOf(answer['channel']) ?? args.channel, ts };
  }

  /** Every unarchived public and private channel the token can see. */
  async listConversations(token: string): Promise<SlackConversation[]> {
    const pages = await this.paginate(token, 'conversations.list', 'channels', {
      types: 'public_channel,private_channel',
      exclude_archived: 'true',
    });
    return pages.flatMap((channel) => {
      const id = stringOf(channel['id']);
      const name = stringOf(channel['name']);
      return id && name ? [{ id, name, isPrivate: channel['is_private'] === true }] : [];
    });
  }

  async listUsers(token: string): Promise<SlackUser[]> {
    const pages = await this.paginate(token, 'users.list', 'members', {});
    return pages.flatMap((member) => {
      const id = stringOf(member['id']);
      const name = stringOf(member['name']);
      const profile = member['profile'];
      const displayName = isRecord(profile) ? stringOf(profile['display_name']) : undefined;
      return id && name ? [{ id, name, displayName, deleted: member['deleted'] === true }] : [];
    });
  }

  /** Follows `response_metadata.next_cursor` until Slack gives an empty one. */
  private async paginate(
    token: string,
    method: string,
    listKey: string,
    params: Record<string, string>,
  ): Promise<SlackAnswer[]> {
    const items: SlackAnswer[] = [];
    let cursor = '';
    for (let page = 0; page < MAX_PAGES; page++) {
      const form = new URLSearchParams({ ...params, limit: PAGE_SIZE });
      if (cursor) form.set('cursor', cursor);
      const answer = await this.call(bearer(token), method, {
        contentType: 'application/x-www-form-urlencoded',
        body: form.toString(),
      });
      const list = answer[listKey];
      if (Array.isArray(list)) items.push(...list.filter(isRecord));
      const metadata = answer['response_metadata'];
      cursor = (isRecord(metadata) ? stringOf(metadata['next_cursor']) : undefined) ?? '';
      if (!cursor) break;
    }
    return items;
  }

  /**
   * Trades the code Slack's "Add to Slack" redirected with for the app's access token
   * (`oauth.v2.access`, the app's credentials as Basic auth); answers Slack's whole answer.
   */
  async exchangeCode(app: SlackApp, code: string, redirectUri: string): Promise<SlackAnswer> {
    const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
    return this.call(`Basic ${basic}`, 'oauth.v2.access', {
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams({ code, redirect_uri: redirectUri }).toString(),
    });
  }

  private async call(
    authorization: string,
    method: string,
    request: { contentType: string; body: string },
  ): Promise<SlackAnswer> {
    let status: number;
    let retryAfter: number | undefined;
    let text: string;
    try {
      const response = await inClientSpan(`slack ${method}`, {}, () =>
        this.fetch(`${this.config.apiUrl}/${method}`, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': request.contentType },
          body: request.body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }),
      );
      status = response.status;
      retryAfter = retryAfterMs(response.headers.get('retry-after'));
      text = await response.text();
    } catch (error) {
      if (error instanceof OutboundUrlRefusedError) throw error;
      throw new SlackUnavailableError(describeError(error));
    }
    if (status === 429 || status >= 500) {
      throw new SlackUnavailableError(
        `${method}: HTTP ${status} ${snippet(text)}`.trim(),
        retryAfter,
      );
    }
    const answer = parseJson(text);
    if (!isRecord(answer)) {
      throw new SlackApiError(`${method}: HTTP ${status} ${snippet(text)}`.trim());
    }
    if (answer['ok'] !== true) {
      throw new SlackApiError(stringOf(answer['error']) ?? 'unknown_error', retryAfter);
    }
    return answer;
  }
}

function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** An error page can be long HTML; the start is enough for a log line. */
function snippet(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is SlackAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
