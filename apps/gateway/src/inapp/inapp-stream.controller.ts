import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Ip,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import {
  InappStreamQueryDto,
  InappStreamTokenResponseDto,
  ValidationFailedError,
} from '@clarion/contracts';
import { FastifyReply } from 'fastify';
import { EndUser } from '../auth/authenticated-request';
import { CurrentEndUser, RequiresEndUser } from '../auth/auth.decorators';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { InboxStreams } from './inbox-streams';
import { StreamAuthGuard } from './stream-auth.guard';
import { signStreamToken } from './stream-token';

const CURSOR = /^\d{1,19}$/;

@ApiTags('In-app inbox')
@Controller('user/inapp')
export class InappStreamController {
  constructor(
    private readonly streams: InboxStreams,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Post('stream-token')
  @HttpCode(200)
  @RequiresEndUser()
  @ApiOperation({
    operationId: 'UserCreateInAppStreamToken',
    summary: 'A token that opens the realtime stream for 60 s (for EventSource)',
  })
  @ApiOkResponse({ type: InappStreamTokenResponseDto })
  token(@CurrentEndUser() user: EndUser): InappStreamTokenResponseDto {
    return signStreamToken(user, this.env.STREAM_TOKEN_SECRET);
  }

  @Get('stream')
  @UseGuards(StreamAuthGuard)
  @ApiBasicAuth('endUser')
  @ApiOperation({
    operationId: 'UserStreamInAppNotifications',
    summary: 'Server-Sent Events: new and changed notifications and the unread count, live',
    description:
      'Frames: `ready` {unread} once (after any replay), `notification` (an item of GET ' +
      '/user/inapp, `id:` its cursor) for each new or changed entry, `unread` {unread}, `reset` ' +
      '(more than 500 missed: refetch the list), `reconnect` (reconnect with the last id). ' +
      'Resumes after Last-Event-ID or `since`.',
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The cursor to resume after.' })
  @ApiOkResponse({ description: 'An event stream (text/event-stream).' })
  async stream(
    @Query() query: InappStreamQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @CurrentEndUser() user: EndUser,
    @Ip() address: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const since = resumeCursor(lastEventId, query.since);
    this.streams.admit(user, address);
    reply.hijack();
    await this.streams.open(user, address, reply.raw, since);
  }
}

/** Where a stream resumes: Last-Event-ID (what EventSource sends on its own) over `since`. */
function resumeCursor(lastEventId: string | undefined, since: string | undefined) {
  const cursor = lastEventId?.trim() || since;
  if (cursor !== undefined && !CURSOR.test(cursor)) {
    throw new ValidationFailedError(
      `Last-Event-ID "${cursor}" is not a cursor`,
      'Resume with the id of the last notification frame received, or open without one.',
    );
  }
  return cursor;
}
