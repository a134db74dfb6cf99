import {
  ChannelDecision,
  DeliveryEventData,
  EventEnvelope,
  SEND_PROCESSED,
  SendProcessedData,
} from '@clarion/contracts';

export type LogFields = Record<string, string | number | boolean>;

/**
 * The log record fields (records.md, LogsGetResponseLogsInner) an event fills in. Unknown kinds
 * add only the tenant fields, so a newer producer never breaks an older logs service.
 */
export function logFieldsOfEvent(event: EventEnvelope): LogFields {
  const base: LogFields = {
    trackingId: event.trackingId,
    accountId: event.accountId,
    envId: event.envId,
  };
  if (event.kind === SEND_PROCESSED)
    return { ...base, ...processedFields(event.data as unknown as SendProcessedData) };
  if (event.kind.startsWith('delivery.'))
    return { ...base, ...deliveryFields(event.data as unknown as DeliveryEventData) };
  return base;
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

function deliveryFields(data: DeliveryEventData): LogFields {
  const prefix = `${data.channel}_${data.status}`;
  const fields: LogFields = { [`${prefix}_at`]: data.at, [`${prefix}_after`]: data.after };
  assignDefined(fields, {
    [`${data.channel}_failed_code`]: data.failedCode,
    [`${data.channel}_failed_internal`]: data.internal,
  });
  return fields;
}

function assignDefined(
  target: LogFields,
  values: Record<string, string | number | boolean | undefined>,
): void {
  for (const [key, value] of Object.entries(values)) if (value !== undefined) target[key] = value;
}
