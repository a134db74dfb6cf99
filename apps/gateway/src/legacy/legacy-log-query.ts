import {
  CHANNEL_LOG_NAMES,
  LATEST_EPOCH_MS,
  LEGACY_LOG_STATUSES,
  LegacyLogQueryDto,
  LogQueryDto,
} from '@clarion/contracts';

/** The environment the caller's credentials are for. */
export interface OwnEnvironment {
  clientId: string;
  envId: string;
}

/**
 * The filters of POST /logs/query for the hosted service's query body: a date range object
 * becomes [start, end], channels their log names, one-element user and status lists their
 * element, and the caller's clientId in envIdFilter its envId.
 */
export function logQueryOfLegacy(body: LegacyLogQueryDto, own: OwnEnvironment): LogQueryDto {
  const [userFilter] = body.userFilter ?? [];
  const [status] = body.statusFilter ?? [];
  const statusFilter = status === undefined ? undefined : LEGACY_LOG_STATUSES[status];
  const { dateRangeFilter: range } = body;
  return {
    ...(range && { dateRangeFilter: [range.startTime ?? 0, range.endTime ?? LATEST_EPOCH_MS] }),
    ...(userFilter !== undefined && { userFilter }),
    ...(statusFilter !== undefined && { statusFilter }),
    ...(body.channelFilter && {
      channelFilter: [...new Set(body.channelFilter.map((channel) => CHANNEL_LOG_NAMES[channel]))],
    }),
    ...(body.notificationFilter && { notificationFilter: body.notificationFilter }),
    ...(body.trackingIds && { trackingIds: body.trackingIds }),
    ...(body.envIdFilter && {
      envIdFilter: body.envIdFilter.map((id) => (id === own.clientId ? own.envId : id)),
    }),
  };
}
