import { WorkAttributes } from '@clarion/observability';

/**
 * What a job's payload says of the work, for its span: sends, delivery jobs and events all carry
 * some of these fields at the top level.
 */
export function workAttributesOf(payload: object): WorkAttributes {
  const fields = payload as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const body = fields['body'] as Record<string, unknown> | undefined;
  return {
    trackingId: text(fields['trackingId']),
    accountId: text(fields['accountId']),
    envId: text(fields['envId']),
    channel: text(fields['channel']),
    notificationType:
      text(fields['notificationId']) ?? text(body?.['type']) ?? text(body?.['notificationId']),
  };
}
