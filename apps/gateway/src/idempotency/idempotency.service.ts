import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DomainError, ErrorCode, ValidationFailedError } from '@clarion/contracts';
import { KeyValueBuckets } from '@clarion/messaging';
import { KV } from 'nats';

const BUCKET = 'IDEMPOTENCY';
const RETENTION_MS = 24 * 60 * 60 * 1000;
/** A first request still pending after this long died with its gateway; a retry may take over. */
const ABANDONED_AFTER_MS = 30_000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * `trackingId` is the id the work of the key runs under (absent from records of older versions).
 * A failed request may still have stored its send (JetStream had it, the ack was lost), so its
 * retry runs under the same trackingId: every stage after acceptance is keyed by it (JetStream's
 * msg id, the inbox, delivery attempts, the log), and does nothing twice.
 */
type IdempotencyRecord =
  | { state: 'pending'; bodyHash: string; startedAt: number; trackingId?: string }
  | { state: 'failed'; bodyHash: string; trackingId: string }
  | { state: 'done'; bodyHash: string; response: unknown };

/** Our pending record: its revision, and the trackingId the work runs under. */
interface Claim {
  revision: number;
  trackingId: string;
}

/**
 * `Idempotency-Key`: the first request with a key runs; a retry with the same key and body gets
 * the first answer for 24 hours, or, when the first failed, runs again under the first one's
 * trackingId; the same key with another body is refused (422) unless the first failed, and so is
 * a retry while the first is still running (409). Records live in a JetStream key-value bucket, so every gateway replica
 * sees them, and are created atomically (create fails when the key exists).
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly buckets: KeyValueBuckets) {}

  /** Runs `work` under `trackingId` (the request's), or under the one of the key's first request. */
  async run<T>(
    accountId: string,
    key: string | undefined,
    body: unknown,
    trackingId: string,
    work: (trackingId: string) => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return work(trackingId);
    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new ValidationFailedError(
        `Idempotency-Key must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
      );
    }
    const kv = await this.buckets.bucket(BUCKET, RETENTION_MS);
    const entryKey = createHash('sha256').update(`${accountId}\u0000${key}`).digest('hex');
    const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const claim = await this.claim(kv, entryKey, bodyHash, trackingId);
    if (!('revision' in claim)) return claim.response as T;
    try {
      const response = await work(claim.trackingId);
      await kv.update(entryKey, encode({ state: 'done', bodyHash, response }), claim.revision);
      return response;
    } catch (error) {
      // Not deleted: the retry must run under this trackingId. Should this write fail too, the
      // pending record is taken over once abandoned, with its trackingId all the same.
      const failed = encode({ state: 'failed', bodyHash, trackingId: claim.trackingId });
      await kv.update(entryKey, failed, claim.revision).catch(() => undefined);
      throw error;
    }
  }

  /** Our pending record, or the stored answer of an earlier request. */
  private async claim(
    kv: KV,
    entryKey: string,
    bodyHash: string,
    trackingId: string,
  ): Promise<Claim | { response: unknown }> {
    const pendingUnder = (id: string) =>
      encode({ state: 'pending', bodyHash, startedAt: Date.now(), trackingId: id });
    try {
      return { revision: await kv.create(entryKey, pendingUnder(trackingId)), trackingId };
    } catch {
      const entry = await kv.get(entryKey);
      if (!entry || entry.operation !== 'PUT') {
        return { revision: await kv.create(entryKey, pendingUnder(trackingId)), trackingId };
      }
      const record = entry.json<IdempotencyRecord>();
      if (record.state === 'failed') {
        // The same body is the same send, which may have been stored; another body (a request
        // corrected after its refusal) is a new send, under its own trackingId.
        const id = record.bodyHash === bodyHash ? record.trackingId : trackingId;
        return {
          revision: await kv.update(entryKey, pendingUnder(id), entry.revision),
          trackingId: id,
        };
      }
      if (record.bodyHash !== bodyHash) {
        throw new DomainError(
          ErrorCode.IDEMPOTENCY_KEY_REUSED,
          'This Idempotency-Key was used with a different body',
          'Use a new key for a new request.',
        );
      }
      if (record.state === 'done') return { response: record.response };
      if (Date.now() - record.startedAt > ABANDONED_AFTER_MS) {
        const firstId = record.trackingId ?? trackingId;
        return {
          revision: await kv.update(entryKey, pendingUnder(firstId), entry.revision),
          trackingId: firstId,
        };
      }
      throw new DomainError(
        ErrorCode.IDEMPOTENCY_REQUEST_IN_FLIGHT,
        'A request with this Idempotency-Key is still being processed',
        'Retry in a moment to get its answer.',
      );
    }
  }
}

function encode(record: IdempotencyRecord): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(record));
}
