export interface MessagingOptions {
  /** Name of the service; queue groups and durable consumers are named after it. */
  serviceName: string;
  /** A server, or every node of a cluster (the connection then survives losing any one). */
  natsUrl: string | string[];
  /** Prefix of subjects and streams; empty in a normal deployment. */
  namespace: string;
  /** Deadline of a request when the caller gives none. */
  requestTimeoutMs: number;
  /** Copies JetStream keeps of each stream, bucket and object store created here; 1 by default. */
  streamReplicas?: number;
}

export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');
