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
