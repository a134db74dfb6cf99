import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsNatsUrls } from './nats-servers';
import { IsRegionUrls, MAX_REGION_ID_LENGTH, REGION_ID } from './region-urls';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

const REPLICAS_RANGE =
  'NATS_STREAM_REPLICAS must be a whole number from 1 (a single NATS server) to 5 (the most JetStream keeps)';

/** Environment every service reads. Defaults work on a developer machine. */
export class BaseEnv {
  /** One nats:// URL, or every node of a cluster separated by commas. */
  @IsNatsUrls()
  NATS_URL = 'nats://127.0.0.1:4222';

  /**
   * How many copies JetStream keeps of every stream, key-value bucket and object store the
   * services create: 1 on a single NATS server, 3 on a 3-node cluster (losing one node then loses
   * nothing, and sends are accepted again once the streams it led have elected a new leader).
   */
  @Type(() => Number)
  @IsInt({ message: REPLICAS_RANGE })
  @Min(1, { message: REPLICAS_RANGE })
  @Max(5, { message: REPLICAS_RANGE })
  NATS_STREAM_REPLICAS = 1;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevelName = 'info';

  @IsIn(['json', 'pretty'])
  LOG_FORMAT: 'json' | 'pretty' = 'json';

  /** Prefix of every subject and stream, so several deployments (or test runs) share a NATS. */
  @IsOptional()
  @Matches(/^[a-z0-9]*$/, { message: 'CLARION_NAMESPACE may hold only a-z and 0-9' })
  CLARION_NAMESPACE = '';

  /**
   * The region this deployment serves (us, eu, ca, …): its database is stamped with it, and the
   * accounts and credentials it creates carry it. One deployment per region, never shared.
   */
  @Matches(REGION_ID, {
    message: 'CLARION_REGION must be a lower-case region id such as us, eu or ca',
  })
  @MaxLength(MAX_REGION_ID_LENGTH)
  CLARION_REGION = 'us';

  /**
   * Where each region's gateway answers, `us=https://…,eu=https://…`: a request with credentials
   * of another region is refused naming that region's URL. This region defaults to PUBLIC_URL.
   */
  @IsRegionUrls()
  CLARION_REGION_URLS = '';

  /** Milliseconds a NATS request may take before it fails with a timeout. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(60_000)
  REQUEST_TIMEOUT_MS = 5_000;

  /**
   * Milliseconds a stopping service may spend draining (consumers finishing their batch, requests
   * in flight, NATS and the database pool closing) before it exits anyway. Keep it below the
   * orchestrator's grace period (Kubernetes: terminationGracePeriodSeconds minus preStop).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  DRAIN_DEADLINE_MS = 30_000;

  @IsOptional()
  @IsString()
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  /**
   * Set by `npm start`, which holds each service's stdin: its end means the launcher is gone (even
   * killed by SIGKILL), and the service stops instead of running on orphaned.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === 'true' ? true : value === 'false' ? false : value,
  )
  @IsBoolean({ message: 'STOP_WHEN_STDIN_ENDS must be true or false' })
  STOP_WHEN_STDIN_ENDS = false;
}

/** A service that stores data in PostgreSQL. */
export class DatabaseEnv extends BaseEnv {
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/clarion';
}

type EnvClass<T> = new () => T;

/**
 * Adds HEALTH_PORT (liveness/readiness endpoints) to an environment class. Each service has its
 * own default so that all of them can run side by side on a developer machine.
 */
export function withHealthPort<T extends BaseEnv>(Base: EnvClass<T>, defaultPort: number) {
  class WithHealthPort extends (Base as EnvClass<BaseEnv>) {
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(65535)
    HEALTH_PORT: number = defaultPort;
  }
  return WithHealthPort as unknown as EnvClass<T & { HEALTH_PORT: number }>;
}
