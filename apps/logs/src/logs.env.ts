import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { DatabaseEnv, withHealthPort } from '@clarion/config';

export class LogsEnv extends withHealthPort(DatabaseEnv, 3104) {
  /** How often each replica tries a retention purge round; one replica at a time runs it. */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  LOG_RETENTION_PURGE_EVERY_MS = 3_600_000;

  /** Rows one DELETE statement removes, so no statement holds many locks or runs long. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50_000)
  LOG_RETENTION_PURGE_BATCH = 5_000;
}
