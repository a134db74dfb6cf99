import {
  carriedDeliveryEvents,
  ChannelDecision,
  DeliveryEventData,
  EventEnvelope,
  knownEvent,
  ScheduleEventData,
  ScheduleEventKind,
  SEND_SCHEDULE_DELETED,
  SEND_SCHEDULE_UPDATED,
  SEND_SCHEDULED,
  SendProcessedData,
  WebhookResultData,
} from '@clarion/contracts';

export type LogFields = Record<string, string | number | boolean>;

/**
 * The log record fields (records.md, LogsGetResponseLogsInner) an event fills in. Unknown kinds
 * add only the tenant fields, so a newer producer never breaks an older logs service.
 */
export function logFieldsOfEvent(envelope: EventEnvelope): LogFields {
  const base: LogFields = {
    trackingId: envelope.trackingId,
    accountId: envelope.accountId,
    envId: envelope.envId,
  };
  const known = knownEvent(envelope);
  if (!known) return base;
  switch (known.family) {
    case 'send.processed':
      return Object.assign(
        base,
        processedFields(known.event.data),
        ...carriedDeliveryEvents(known.event).map((carried) => deliveryFields(carried.data)),
      );
    case 'send.schedule':
      return { ...base, ...scheduleFields(known.event.kind, known.event.data) };
    case 'delivery':
      return {
        ...base,
        ...subscriberFields(known.event.data),
        ...deliveryFields(known.event.data),
      };
    case 'webhook.result':
      return { ...base, ...webhookFields(known.event.data) };
  }
}

/** `sms_inbound_webhook_res` and, for the steps records.md tracks it on, `_webhook_delivered`. */
function webhookFields(data: WebhookResultData): LogFields {
  const prefix = `${data.channel}_${data.status}`;
  const fields: LogFields = { [`${prefix}_webhook_res`]: data.result };
  if (['inbound', 'unsubscribe', 'subscribe'].includes(data.status)) {
    fields[`${prefix}_webhook_delivered`] = data.delivered;
  }
  return fields;
}

function processedFields(data: SendProcessedData): LogFields {
  const fields: LogFields = {
    type: data.type,
    received_at: data.receivedAt,
    processed_at: data.processedAt,
    request: data.request,
    user_id: data.user.id,
  };
  assignDefined(fields, {
    clientId: data.clientId,
    ip: data.ip,
    agent: data.agent,
    user_email: data.user.email,
    user_number: data.user.number,
    ignored: data.ignored,
    ignored_reason: data.ignoredReason,
  });
  for (const [channel, decision] of Object.entries(data.channels)) {
    Object.assign(fields, decisionFields(channel, decision, data.processedAt));
  }
  return fields;
}

function decisionFields(
  channel: string,
  decision: ChannelDecision,
  processedAt: string,
): LogFields {
  const fields: LogFields = { [`${channel}_routing`]: decision.routing };
  assignDefined(fields, {
    [`${channel}_routing_reason`]: decision.reason,
    [`${channel}_preview`]: decision.preview,
    [`${channel}_failed_code`]: decision.failedCode,
    [`${channel}_failed_internal`]: decision.internal,
    [`${channel}_failed_at`]: decision.failedCode === undefined ? undefined : processedAt,
  });
  return fields;
}

function scheduleFields(kind: ScheduleEventKind, data: ScheduleEventData): LogFields {
  const fields: LogFields = {};
  switch (kind) {
    case SEND_SCHEDULED:
      assignDefined(fields, {
        scheduled_for: data.scheduledFor,
        type: data.type,
        received_at: data.receivedAt,
        user_id: data.user?.id,
        user_email: data.user?.email,
        user_number: data.user?.number,
      });
      return fields;
    case SEND_SCHEDULE_UPDATED:
      assignDefined(fields, {
        schedule_updated_at: data.at,
        schedule_updated_to: data.scheduledFor,
      });
      return fields;
    case SEND_SCHEDULE_DELETED:
      return { schedule_deleted_at: data.at };
  }
}

/**
 * Who (un)subscribed from which type: such a step may stand on a record of its own (an end user
 * turning a preference off is no send), which then still says whose it is, as a send's does.
 */
function subscriberFields(data: DeliveryEventData): LogFields {
  const fields: LogFields = {};
  if (data.status !== 'unsubscribe' && data.status !== 'subscribe') return fields;
  assignDefined(fields, { user_id: data.userId, type: data.notificationId });
  return fields;
}

function deliveryFields(data: DeliveryEventData): LogFields {
  const prefix = `${data.channel}_${data.status}`;
  const fields: LogFields = { [`${prefix}_at`]: data.at };
  assignDefined(fields, {
    [`${prefix}_after`]: data.after,
    [`${data.channel}_failed_code`]: data.failedCode,
    [`${data.channel}_failed_internal`]: data.internal,
  });
  for (const [suffix, value] of Object.entries(data.fields ?? {})) {
    fields[`${prefix}_${suffix}`] = value;
  }
  return fields;
}

function assignDefined(
  target: LogFields,
  values: Record<string, string | number | boolean | undefined>,
): void {
  for (const [key, value] of Object.entries(values)) if (value !== undefined) target[key] = value;
}
