import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ItemUsage } from './usage-totals';

export interface MeteredEvent {
  eventId: string;
  accountId: string;
  channel: string;
  cost: number;
  /** 1 for a message, 0 for a charge that is not one (a number's month, a call). */
  messages: number;
  cycleStart: string;
}

export interface CycleUsage {
  accountId: string;
  cycleStart: string;
  cost: number;
}

@Injectable()
export class UsageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records events and adds them to their account's cycle usage in one statement. An event
   * recorded before (a redelivery) adds nothing. Answers the new totals of the accounts touched.
   */
  async meter(events: MeteredEvent[]): Promise<CycleUsage[]> {
    const unique = [...new Map(events.map((e) => [e.eventId, e])).values()];
    if (unique.length === 0) return [];
    const params: unknown[] = [];
    const tuples = unique.map((e) => {
      const [id, account, channel, cost, messages, cycle] = [
        e.eventId,
        e.accountId,
        e.channel,
        e.cost,
        e.messages,
        e.cycleStart,
      ].map((value) => `$${params.push(value)}`);
      return `(${id}, ${account}::uuid, ${channel}, ${cost}::numeric, ${messages}::int, ${cycle}::date)`;
    });
    return this.dataSource.query(
      `WITH incoming (event_id, account_id, channel, cost, messages, cycle_start) AS (VALUES ${tuples.join(', ')}),
       recorded AS (
         INSERT INTO billing.usage_events (event_id, account_id, channel, cost, cycle_start)
         SELECT event_id, account_id, channel, cost, cycle_start FROM incoming
         ON CONFLICT (event_id) DO NOTHING
         RETURNING event_id, account_id, cycle_start, cost)
       INSERT INTO billing.usage AS u (account_id, cycle_start, cost, messages)
       SELECT r.account_id, r.cycle_start, sum(r.cost), sum(i.messages)
         FROM recorded r JOIN incoming i USING (event_id)
        GROUP BY r.account_id, r.cycle_start
       ON CONFLICT (account_id, cycle_start)
         DO UPDATE SET cost = u.cost + EXCLUDED.cost, messages = u.messages + EXCLUDED.messages
       RETURNING account_id AS "accountId", cycle_start::text AS "cycleStart", cost::float8 AS cost`,
      params,
    );
  }

  /** What each item (channel or charge) of the account came to, by cycle, from one to another. */
  itemsByCycle(
    accountId: string,
    fromCycle: string,
    toCycle: string,
  ): Promise<(ItemUsage & { cycleStart: string })[]> {
    return this.dataSource.query(
      `SELECT cycle_start::text AS "cycleStart", channel AS item, count(*)::int AS count,
              sum(cost)::float8 AS cost
         FROM billing.usage_events
        WHERE account_id = $1 AND cycle_start BETWEEN $2::date AND $3::date
        GROUP BY cycle_start, channel`,
      [accountId, fromCycle, toCycle],
    );
  }

  /** Usage of each account in the cycle given for it (0 when nothing was metered yet). */
  async costsOf(cycles: { accountId: string; cycleStart: string }[]): Promise<Map<string, number>> {
    if (cycles.length === 0) return new Map();
    const rows: { accountId: string; cost: number }[] = await this.dataSource.query(
      `SELECT c.account_id AS "accountId", coalesce(u.cost, 0)::float8 AS cost
         FROM unnest($1::uuid[], $2::date[]) AS c (account_id, cycle_start)
         LEFT JOIN billing.usage u ON u.account_id = c.account_id AND u.cycle_start = c.cycle_start`,
      [cycles.map((c) => c.accountId), cycles.map((c) => c.cycleStart)],
    );
    return new Map(rows.map((row) => [row.accountId, row.cost]));
  }
}
