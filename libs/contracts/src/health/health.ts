import { ApiProperty } from '@nestjs/swagger';
import { SERVICE_NAMES, ServiceName } from '../common/service-name';

/** A service's answer to a readiness check over NATS. */
export interface HealthReply {
  service: ServiceName;
  ready: boolean;
  checks: Record<string, boolean>;
}

export type ServiceReadiness = 'ready' | 'not_ready' | 'unreachable';

/** GET /status: the readiness of every service (records.md MessageResponse, and more). */
export class StatusResponseDto {
  @ApiProperty({
    description: 'In words: all services ready, or which are not.',
    example: 'All services are ready',
  })
  message!: string;

  @ApiProperty({ enum: ['ok', 'degraded'] })
  status!: 'ok' | 'degraded';

  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(
      SERVICE_NAMES.map((name) => [
        name,
        { type: 'string', enum: ['ready', 'not_ready', 'unreachable'] },
      ]),
    ),
  })
  services!: Record<ServiceName, ServiceReadiness>;

  @ApiProperty({ type: [String], description: 'Services that are not ready.' })
  notReady!: ServiceName[];

  @ApiProperty({ description: 'The region this deployment serves.', example: 'us' })
  region!: string;

  @ApiProperty({
    description: 'Base URL of this region, for clients (SDK baseURL / baseUrl).',
    example: 'https://api.us.clarion.example',
  })
  baseUrl!: string;
}
