import type { SendSlackContentDto } from '@clarion/contracts';
import type { ChatPostMessageArgs } from './slack-api-types';

/** A send's slack content as chat.postMessage arguments, to the resolved channel id. */
export function chatPostMessageArgsOf(
  channel: string,
  content: SendSlackContentDto,
): ChatPostMessageArgs {
  const { icon, ...fields } = content;
  const args: ChatPostMessageArgs = { ...definedFieldsOf(fields), channel, text: content.text };
  if (icon) Object.assign(args, iconArgsOf(icon));
  return args;
}

/** `icon` is an emoji (`:tada:`, or `tada`) or an image URL. */
function iconArgsOf(icon: string): Pick<ChatPostMessageArgs, 'icon_emoji' | 'icon_url'> {
  const value = icon.trim();
  if (/^https?:\/\//i.test(value)) return { icon_url: value };
  return { icon_emoji: value.startsWith(':') ? value : `:${value}:` };
}

/** Leaves out the fields the send did not set, so Slack applies its own defaults. */
function definedFieldsOf<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
  ) as Partial<T>;
}
