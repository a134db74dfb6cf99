import { Context } from '@opentelemetry/api';

/** One validated message of a batch, as a consumer's handler sees it. */
export interface JobItem<T> {
  readonly payload: T;
  readonly subject: string;
  /** 1 on the first delivery. */
  readonly deliveryCount: number;
  /** The trace this message belongs to; pass it on when publishing on its behalf. */
  readonly traceContext: Context;
  /**
   * Hands the message back for a later attempt, after `delayMs` or the default backoff, or to
   * the dead letters at the last one.
   */
  retry(reason: unknown, delayMs?: number): void;
  /** Gives up on the message: it goes to the dead-letter stream with the reason. */
  deadLetter(reason: string): void;
}

export type BatchHandler<T> = (items: JobItem<T>[]) => Promise<void>;
