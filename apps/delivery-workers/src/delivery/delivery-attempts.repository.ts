import { Injectable } from '@nestjs/common';
import { whileHoldingAdvisoryLock } from '@clarion/persistence';
import { WriteCoalescer } from '@clarion/runtime';
import { DataSource } from 'typeorm';
import {
  addressKeyOf,
  AttemptClaim,
  AttemptDetails,
  AttemptKey,
  AttemptSettlement,
  StoredAttempt,
} from './delivery-attempt';

/** A claim older than this is taken to belong to a worker that stopped during its provider call. */
const LEASE_SECONDS = 45;
const SWEEP_LOCK = 'clarion:delivery:attempts-sweep';

interface ClaimRow {
  tracking_id: string;
  channel: string;
  address_key: string;
  claimed: boolean;
  state: string;
  attempts: number;
  first_attempt_at: Date;
  interrupted: boolean;
  provider_message_id: string | null;
  failed_code: string | null;
}

/**
 * The durable record of every delivery attempt. Hundreds of concurrent workers claim and settle
 * through two coalescers, so each costs a share of one statement rather than a round-trip each.
 */
@Injectable()
export class DeliveryAttemptsRepository {
  private readonly claims = new WriteCoalescer<AttemptKey, AttemptClaim>((keys) =>
    this.claimMany(keys),
  );
  private readonly settlements = new WriteCoalescer<AttemptSettlement, void>(async (items) => {
    await this.settleMany(items);
    return items.map(() => undefined);
  });

  constructor(private readonly dataSource: DataSource) {}

  claim(key: AttemptKey): Promise<AttemptClaim> {
    return this.claims.write(key);
  }

  settle(settlement: AttemptSettlement): Promise<void> {
    return this.settlements.write(settlement);
  }

  /** The attempt a provider's id belongs to (delivery receipts name the message by it). */
  async findByProviderMessageId(
    channel: string,
    providerMessageId: string,
  ): Promise<StoredAttempt | undefined> {
    const rows: StoredAttemptRow[] = await this.dataSource.query(
      `SELECT ${STORED_COLUMNS} FROM delivery.delivery_attempts
        WHERE channel = $1 AND provider_message_id = $2 LIMIT 1`,
      [channel, providerMessageId],
    );
    return rows[0] && storedAttemptOf(rows[0]);
  }

  /**
   * The email attempt whose Message-ID is `<token@…>`: what a bounce to the return path
   * `bounces+<token>@…` is about (see return-path.ts).
   */
  async findEmailByMessageToken(token: string): Promise<StoredAttempt | undefined> {
    const rows: StoredAttemptRow[] = await this.dataSource.query(
      `SELECT ${STORED_COLUMNS} FROM delivery.delivery_attempts
        WHERE channel = 'email' AND provider_message_id IS NOT NULL
          AND split_part(provider_message_id, '@', 1) = $1 LIMIT 1`,
      [`<${token}`],
    );
    return rows[0] && storedAttemptOf(rows[0]);
  }

  /** The Message-ID of the email sent with `token` (return-path.ts), if one was. */
  async findEmailMessageIdByToken(token: string): Promise<string | undefined> {
    const rows: { provider_message_id: string }[] = await this.dataSource.query(
      `SELECT provider_message_id FROM delivery.delivery_attempts
        WHERE channel = 'email' AND provider_message_id IS NOT NULL
          AND split_part(provider_message_id, '@', 1) = $1 LIMIT 1`,
      [`<${token}`],
    );
    return rows[0]?.provider_message_id;
  }

  /**
   * Whether an email whose message token is `token` is being sent right now: claimed, its
   * Message-ID not yet recorded. The token is derived from the attempt's key as
   * `messageTokenOf(idempotencyKeyOf(key))` does, among the few emails being sent (a partial
   * index: a flood of forged return paths scans those, not the hour's mail), so a bounce or
   * report that outruns the attempt's settlement can be told apart from mail for a message
   * Clarion never sent.
   */
  async isEmailInFlightByToken(token: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM delivery.delivery_attempts
        WHERE updated_at > now() - interval '1 hour' AND channel = 'email' AND state = 'sending'
          AND left(encode(sha256(convert_to(
                tracking_id::text || ':email:' || left(address_key, 16), 'UTF8')), 'hex'), 32) = $1
        LIMIT 1`,
      [token],
    );
    return rows.length > 0;
  }

  /** The first of `messageIds` (Message-IDs, in the order given) an email attempt sent. */
  async findEmailByMessageIds(messageIds: string[]): Promise<StoredAttempt | undefined> {
    if (messageIds.length === 0) return undefined;
    const rows: StoredAttemptRow[] = await this.dataSource.query(
      `SELECT ${STORED_COLUMNS} FROM delivery.delivery_attempts
        WHERE channel = 'email' AND provider_message_id = ANY($1::text[])
        ORDER BY array_position($1::text[], provider_message_id) LIMIT 1`,
      [messageIds],
    );
    return rows[0] && storedAttemptOf(rows[0]);
  }

  /** The latest message sent to an address on a channel (an inbound text answers it). */
  async latestSentTo(channel: string, address: string): Promise<StoredAttempt | undefined> {
    const rows: StoredAttemptRow[] = await this.dataSource.query(
      `SELECT ${STORED_COLUMNS} FROM delivery.delivery_attempts
        WHERE channel = $1 AND address = $2 AND state = 'sent'
        ORDER BY updated_at DESC LIMIT 1`,
      [channel, address],
    );
    return rows[0] && storedAttemptOf(rows[0]);
  }

  /** Runs `work` while no other replica sweeps; answers undefined at once when one does. */
  whileHoldingSweepLock<T>(work: () => Promise<T>): Promise<T | undefined> {
    return whileHoldingAdvisoryLock(this.dataSource, SWEEP_LOCK, work);
  }

  /** Removes settled records not touched for `days`, in bounded batches; answers how many. */
  async deleteOlderThan(days: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows: { count: string }[] = await this.dataSource.query(
        `WITH old AS (
           SELECT ctid FROM delivery.delivery_attempts
            WHERE updated_at < now() - make_interval(days => $1) LIMIT 5000
         ), gone AS (DELETE FROM delivery.delivery_attempts a USING old WHERE a.ctid = old.ctid RETURNING 1)
         SELECT count(*) AS count FROM gone`,
        [days],
      );
      const count = Number(rows[0]?.count ?? 0);
      removed += count;
      if (count < 5000) return removed;
    }
  }

  private async claimMany(keys: AttemptKey[]): Promise<AttemptClaim[]> {
    const distinct = new Map<string, AttemptKey>();
    keys.forEach((key) => distinct.set(rowId(key.trackingId, key.channel, key.address), key));
    const rows = [...distinct.values()];
    const found: ClaimRow[] = await this.dataSource.query(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::text[])
           AS i(tracking_id, channel, address_key, account_id, env_id, address)
       ), claimed AS (
         INSERT INTO delivery.delivery_attempts AS a
           (tracking_id, channel, address_key, account_id, env_id, address)
         SELECT * FROM input
         ON CONFLICT (tracking_id, channel, address_key) DO UPDATE
           SET state = 'sending', attempts = a.attempts + 1, updated_at = now(),
               interrupted = a.interrupted OR a.state = 'sending'
           WHERE a.state = 'retrying'
              OR (a.state = 'sending' AND a.updated_at < now() - make_interval(secs => $7))
         RETURNING a.tracking_id, a.channel, a.address_key, true AS claimed, a.state, a.attempts,
                   a.first_attempt_at, a.interrupted, a.provider_message_id, a.failed_code
       )
       SELECT * FROM claimed
       UNION ALL
       SELECT a.tracking_id, a.channel, a.address_key, false, a.state, a.attempts,
              a.first_attempt_at, a.interrupted, a.provider_message_id, a.failed_code
         FROM delivery.delivery_attempts a
         JOIN input i USING (tracking_id, channel, address_key)
        WHERE NOT EXISTS (SELECT 1 FROM claimed c WHERE c.tracking_id = a.tracking_id
                            AND c.channel = a.channel AND c.address_key = a.address_key)`,
      [
        rows.map((key) => key.trackingId),
        rows.map((key) => key.channel),
        rows.map((key) => addressKeyOf(key.address)),
        rows.map((key) => key.accountId),
        rows.map((key) => key.envId),
        rows.map((key) => key.address.slice(0, 2048)),
        LEASE_SECONDS,
      ],
    );
    const byId = new Map(found.map((row) => [rowIdOfRow(row), row]));
    const answered = new Set<string>();
    return keys.map((key) => {
      const id = rowId(key.trackingId, key.channel, key.address);
      const row = byId.get(id);
      // The same message twice in one batch: only the first may call the provider.
      if (!row || answered.has(id)) return { result: 'busy' };
      answered.add(id);
      return claimOf(row);
    });
  }

  private async settleMany(items: AttemptSettlement[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE delivery.delivery_attempts a
          SET state = v.state, provider_message_id = COALESCE(v.provider_message_id, a.provider_message_id),
              failed_code = v.failed_code, last_error = v.last_error, updated_at = now(),
              details = a.details || v.details
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[])
           AS v(tracking_id, channel, address_key, state, provider_message_id, failed_code, last_error, details)
        WHERE a.tracking_id = v.tracking_id AND a.channel = v.channel AND a.address_key = v.address_key`,
      [
        items.map((item) => item.key.trackingId),
        items.map((item) => item.key.channel),
        items.map((item) => addressKeyOf(item.key.address)),
        items.map((item) => item.state),
        items.map((item) => item.providerMessageId ?? null),
        items.map((item) => item.failedCode ?? null),
        items.map((item) => item.error?.slice(0, 2000) ?? null),
        items.map((item) => JSON.stringify(item.details ?? {})),
      ],
    );
  }
}

const STORED_COLUMNS = 'tracking_id, account_id, env_id, channel, address, details';

interface StoredAttemptRow {
  tracking_id: string;
  account_id: string;
  env_id: string;
  channel: string;
  address: string;
  details: AttemptDetails;
}

function storedAttemptOf(row: StoredAttemptRow): StoredAttempt {
  return {
    trackingId: row.tracking_id,
    accountId: row.account_id,
    envId: row.env_id,
    channel: row.channel,
    address: row.address,
    details: row.details,
  };
}

function rowId(trackingId: string, channel: string, address: string): string {
  return `${trackingId}|${channel}|${addressKeyOf(address)}`;
}

function rowIdOfRow(row: ClaimRow): string {
  return `${row.tracking_id}|${row.channel}|${row.address_key}`;
}

function claimOf(row: ClaimRow): AttemptClaim {
  if (row.claimed) {
    return {
      result: 'claimed',
      attempts: row.attempts,
      firstAttemptAt: row.first_attempt_at,
      interrupted: row.interrupted,
    };
  }
  if (row.state === 'sent')
    return { result: 'sent', providerMessageId: row.provider_message_id ?? undefined };
  if (row.state === 'failed') return { result: 'failed', failedCode: row.failed_code ?? undefined };
  return { result: 'busy' };
}
