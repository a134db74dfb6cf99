import { NormalizedSend } from '@clarion/contracts';
import { createHash } from 'node:crypto';

/** The same type to the same user with the same content: what deduplication compares. */
export function deduplicationKey(send: NormalizedSend): string {
  const content = {
    type: send.type,
    user: send.to.id,
    subNotificationId: send.subNotificationId,
    templateId: send.templateId,
    parameters: send.parameters,
    email: send.email,
    inapp: send.inapp,
    sms: send.sms,
    call: send.call,
    web_push: send.web_push,
    mobile_push: send.mobile_push,
    slack: send.slack,
  };
  return createHash('sha256').update(stableJson(content)).digest('base64url');
}

/** JSON with object keys in sorted order, so equal content has equal text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
