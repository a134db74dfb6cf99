/** What the send pipeline decided for one channel of a send (log record `<channel>_routing`). */
export enum Routing {
  OFF = 'OFF',
  SEND = 'SEND',
  BATCH = 'BATCH',
  IGNORE = 'IGNORE',
  SCHEDULE = 'SCHEDULE',
  THROTTLED = 'THROTTLED',
  DEDUPLICATED = 'DEDUPLICATED',
}

/** Why a channel was ignored (log record `<channel>_routing_reason`). */
export enum RoutingReason {
  IGNORE_BY_PREFERENCES = 'IGNORE_BY_PREFERENCES',
  IGNORE_BY_ENVIRONMENT = 'IGNORE_BY_ENVIRONMENT',
  IGNORE_BY_DEFAULT_DELIVERY = 'IGNORE_BY_DEFAULT_DELIVERY',
}
