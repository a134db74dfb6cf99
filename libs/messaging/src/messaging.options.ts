export interface MessagingOptions {
  /** Name of the service; queue groups and durable consumers are named after it. */
  serviceName: string;
  natsUrl: string;
  /** Prefix of subjects and streams; empty in a normal deployment. */
  namespace: string;
  /** Deadline of a request when the caller gives none. */
  requestTimeoutMs: number;
}

export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');
