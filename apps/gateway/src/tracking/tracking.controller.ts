import { Controller, Get, Headers, HttpCode, Ip, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { TrackingService } from './tracking.service';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const UNSUBSCRIBED_PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Unsubscribed</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>You are unsubscribed</h1><p>You will no longer get these emails.</p></body></html>`;

/** The links inside emails: open pixel, click redirect, unsubscribe (RFC 8058 one-click too). */
@ApiExcludeController()
@Controller('track')
export class TrackingController {
  constructor(private readonly tracking: TrackingService) {}

  /** Always answers the pixel, so a forged or old link never breaks how an email looks. */
  @Get('open/:token')
  async open(
    @Param('token') token: string,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.tracking.opened(token, { ip, userAgent });
    await reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(PIXEL);
  }

  @Get('click/:token')
  async click(
    @Param('token') token: string,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const url = await this.tracking.clicked(token, { ip, userAgent });
    await reply.header('cache-control', 'no-store').redirect(url, 302);
  }

  @Get('unsubscribe/:token')
  async unsubscribePage(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    await this.tracking.unsubscribed(token);
    await reply.type('text/html; charset=utf-8').send(UNSUBSCRIBED_PAGE);
  }

  /** Mail clients' one-click unsubscribe (List-Unsubscribe-Post). */
  @Post('unsubscribe/:token')
  @HttpCode(200)
  async unsubscribeOneClick(@Param('token') token: string): Promise<{ success: boolean }> {
    await this.tracking.unsubscribed(token);
    return { success: true };
  }
}
