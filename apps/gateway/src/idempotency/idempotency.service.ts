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

type IdempotencyRecord =
  | { state: 'pending'; bodyHash: string; startedAt: number }
  | { state: 'done'; bodyHash: string; response: unknown };

/**
 * `Idempotency-Key`: the first request with a key runs; a retry with the same key and body gets
 * the first answer for 24 hours; the same key with another body is refused (422), and so is a
 * retry while the first is still running (409). Records live in a JetStream key-value bucket, so
 * every gateway replica sees them, and are created atomically (create fails when the key exists).
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly buckets: KeyValueBuckets) {}

  async run<T>(
    accountId: string,
    key: string | undefined,
    body: unknown,
    work: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return work();
    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new ValidationFailedError(
        `Idempotency-Key must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
      );
    }
    const kv = await this.buckets.bucket(BUCKET, RETENTION_MS);
    const entryKey = createHash('sha256').update(`${accountId}\u0000${key}`).digest('hex');
    const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const revision = await this.claim(kv, entryKey, bodyHash);
    if (typeof revision !== 'number') return revision.response as T;
    try {
      const response = await work();
      await kv.update(entryKey, encode({ state: 'done', bodyHash, response }), revision);
      return response;
    } catch (error) {
      await kv.delete(entryKey).catch(() => undefined);
      throw error;
    }
  }

  /** The revision of our pending record, or the stored answer of an earlier request. */
  private async claim(
    kv: KV,
    entryKey: string,
    bodyHash: string,
  ): Promise<number | { response: unknown }> {
    const pending = encode({ state: 'pending', bodyHash, startedAt: Date.now() });
    try {
      return await kv.create(entryKey, pending);
    } catch {
      const entry = await kv.get(entryKey);
      if (!entry || entry.operation !== 'PUT') return kv.create(entryKey, pending);
      const record = entry.json<IdempotencyRecord>();
      if (record.bodyHash !== bodyHash) {
        throw new DomainError(
          ErrorCode.IDEMPOTENCY_KEY_REUSED,
          'This Idempotency-Key was used with a different body',
          'Use a new key for a new request.',
        );
      }
      if (record.state === 'done') return { response: record.response };
      if (Date.now() - record.startedAt > ABANDONED_AFTER_MS)
        return kv.update(entryKey, pending, entry.revision);
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
