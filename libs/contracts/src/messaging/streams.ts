import { StreamName } from './message-definitions';

export type StreamRetention = 'workqueue' | 'limits';

export interface StreamDefinition {
  readonly name: StreamName;
  /** Subjects without the deployment namespace. */
  readonly subjects: readonly string[];
  readonly retention: StreamRetention;
  /** How long a message may stay, in milliseconds; 0 keeps it until consumed. */
  readonly maxAgeMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every JetStream stream of the system. Each service provisions them at boot (idempotent). */
export const STREAMS: readonly StreamDefinition[] = [
  { name: StreamName.SENDS, subjects: ['sends.>'], retention: 'workqueue', maxAgeMs: 0 },
  { name: StreamName.DELIVERY, subjects: ['delivery.>'], retention: 'workqueue', maxAgeMs: 0 },
  { name: StreamName.EVENTS, subjects: ['evt.>'], retention: 'limits', maxAgeMs: 7 * DAY_MS },
  { name: StreamName.DEAD_LETTER, subjects: ['dlq.>'], retention: 'limits', maxAgeMs: 30 * DAY_MS },
  // Records of who changed what (registration statuses), kept a year; not events of a send.
  { name: StreamName.AUDIT, subjects: ['audit.>'], retention: 'limits', maxAgeMs: 365 * DAY_MS },
  // Costs that are not messages (number months, call minutes), until billing meters them.
  { name: StreamName.USAGE, subjects: ['usage.>'], retention: 'workqueue', maxAgeMs: 0 },
];

/** Subject a message goes to when its consumer gives up on it. */
export function deadLetterSubject(stream: StreamName, durable: string): string {
  return `dlq.${stream}.${durable}`;
}
