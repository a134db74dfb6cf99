import { ErrorBody } from '@clarion/contracts';

/** How a reply crosses NATS: the data, or a domain error as data. */
export type ReplyEnvelope<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };
