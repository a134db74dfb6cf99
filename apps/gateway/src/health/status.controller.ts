import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { StatusResponseDto } from '@clarion/contracts';
import { MessagingReadiness } from '@clarion/messaging';
import { FastifyReply } from 'fastify';
import { StatusService } from './status.service';

@ApiTags('Health')
@Controller()
export class StatusController {
  constructor(
    private readonly statusService: StatusService,
    private readonly readiness: MessagingReadiness,
  ) {}

  @Get('status')
  @ApiOperation({
    operationId: 'Health',
    summary: 'Readiness of every service; 503 names those not ready',
  })
  @ApiOkResponse({ type: StatusResponseDto })
  @ApiServiceUnavailableResponse({ type: StatusResponseDto })
  async status(@Res() reply: FastifyReply): Promise<void> {
    const status = await this.statusService.status();
    await reply.status(status.status === 'ok' ? 200 : 503).send(status);
  }

  /** Kubernetes liveness: the process answers. */
  @Get('health/live')
  @ApiExcludeEndpoint()
  live(): { live: true } {
    return { live: true };
  }

  /** Kubernetes readiness: the gateway can reach NATS. */
  @Get('health/ready')
  @ApiExcludeEndpoint()
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const ready = this.readiness.isReady();
    await reply.status(ready ? 200 : 503).send({ ready });
  }
}
