import { ErrorBody } from '@clarion/contracts';

/**
 * How a reply crosses NATS: the data, a domain error as data, or (for a reply larger than a
 * message) the name under which the encoded `{ ok: true, data }` waits in the reply store.
 */
export type ReplyEnvelope<T> =
  { ok: true; data: T } | { ok: true; spilled: string } | { ok: false; error: ErrorBody };
