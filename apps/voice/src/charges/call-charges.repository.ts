import { Injectable } from '@nestjs/common';
import { whileHoldingAdvisoryLock } from '@clarion/persistence';
import { DataSource } from 'typeorm';
import { CostedCall, CallCost } from './call-cost';

const CHARGES_LOCK = 'clarion:voice:call-charges';

/** An ended call not yet charged: what pricing and the usage charge need of it. */
export interface UnchargedCall extends CostedCall {
  trackingId: string;
  accountId: string;
}

/** The calls' side of charging: which ended calls owe a charge, and marking them charged. */
@Injectable()
export class CallChargesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Up to `limit` ended calls not yet charged, the earliest ended first (ix_calls_uncharged).
   * Only the distinct types of the timeline are read: pricing needs no transcript.
   */
  unchargedEnded(limit: number): Promise<UnchargedCall[]> {
    return this.dataSource.query(
      `SELECT tracking_id AS "trackingId", account_id AS "accountId", source,
              started_at AS "startedAt", ended_at AS "endedAt",
              ARRAY(SELECT DISTINCT entry->>'type' FROM jsonb_array_elements(timeline) entry
                     WHERE entry->>'type' IS NOT NULL) AS "timelineTypes",
              (spec->'conversation'->>'maxCallLengthSeconds')::int AS "maxCallLengthSeconds"
         FROM voice.calls
        WHERE charged_at IS NULL AND status <> 'active'
        ORDER BY ended_at, tracking_id
        LIMIT $1`,
      [limit],
    );
  }

  /** Sets the cost of each call and marks them all charged now, in one statement. */
  async markCharged(costs: { trackingId: string; cost: CallCost }[]): Promise<void> {
    if (costs.length === 0) return;
    await this.dataSource.query(
      `UPDATE voice.calls AS calls SET cost = charged.cost, charged_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS charged("trackingId" uuid, cost jsonb)
        WHERE calls.tracking_id = charged."trackingId" AND calls.charged_at IS NULL`,
      [JSON.stringify(costs)],
    );
  }

  /** Runs `work` holding the charges' session lock; undefined at once when another replica has it. */
  whileHoldingChargesLock<T>(work: () => Promise<T>): Promise<T | undefined> {
    return whileHoldingAdvisoryLock(this.dataSource, CHARGES_LOCK, work);
  }
}
