import { Inject, Injectable } from '@nestjs/common';
import { RegionDirectory, regionDirectoryOf } from '@clarion/config';
import {
  healthCheckRequest,
  SERVICE_NAMES,
  ServiceName,
  ServiceReadiness,
  StatusResponseDto,
} from '@clarion/contracts';
import { MessagingClient, MessagingReadiness } from '@clarion/messaging';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';

const HEALTH_CHECK_TIMEOUT_MS = 1_500;

/**
 * Asks every service over NATS whether it is ready; the gateway answers for itself, and names
 * the region this deployment serves.
 */
@Injectable()
export class StatusService {
  private readonly regions: RegionDirectory;

  constructor(
    private readonly messaging: MessagingClient,
    private readonly readiness: MessagingReadiness,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.regions = regionDirectoryOf(env);
  }

  async status(): Promise<StatusResponseDto> {
    const entries = await Promise.all(
      SERVICE_NAMES.map(async (service) => [service, await this.readinessOf(service)] as const),
    );
    const services = Object.fromEntries(entries) as Record<ServiceName, ServiceReadiness>;
    const notReady = entries.filter(([, state]) => state !== 'ready').map(([service]) => service);
    return {
      message:
        notReady.length === 0 ? 'All services are ready' : `Not ready: ${notReady.join(', ')}`,
      status: notReady.length === 0 ? 'ok' : 'degraded',
      services,
      notReady,
      region: this.regions.region,
      baseUrl: this.regions.baseUrl,
    };
  }

  private async readinessOf(service: ServiceName): Promise<ServiceReadiness> {
    if (service === 'gateway') return this.readiness.isReady() ? 'ready' : 'not_ready';
    try {
      const reply = await this.messaging.request(
        healthCheckRequest(service),
        {},
        HEALTH_CHECK_TIMEOUT_MS,
      );
      return reply.ready ? 'ready' : 'not_ready';
    } catch {
      return 'unreachable';
    }
  }
}
