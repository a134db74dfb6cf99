import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { observeDbPool } from '@clarion/observability';

/** What node-postgres' Pool tells of its connections. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Reports the service's PostgreSQL pool (connections open, idle, and queries waiting for one). */
@Injectable()
export class DatabasePoolMetrics implements OnApplicationBootstrap {
  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const pool = (this.dataSource.driver as unknown as { master?: PoolCounts }).master;
    if (!pool) return;
    observeDbPool(() => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
  }
}
