import { Controller, Get, Headers, Ip, Param, Post, Res } from '@nestjs/common';
import { NotFoundError, trackingRoutes } from '@clarion/contracts';
import { ApiExcludeController } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { TrackingService } from './tracking.service';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1>${body}</body></html>`;

/** A GET only asks: mail scanners open links, and must not unsubscribe anyone by doing so. */
const CONFIRM_PAGE = page(
  'Unsubscribe?',
  '<p>You will no longer get these emails.</p><form method="post"><button type="submit">Unsubscribe</button></form>',
);
const UNSUBSCRIBED_PAGE = page(
  'You are unsubscribed',
  '<p>You will no longer get these emails.</p>',
);

/**
 * The links inside emails: open pixel, click redirect, unsubscribe (RFC 8058 one-click too), at
 * the routes delivery-workers build them for.
 */
@ApiExcludeController()
@Controller()
export class TrackingController {
  constructor(private readonly tracking: TrackingService) {}

  /** Always answers the pixel, so a forged or old link never breaks how an email looks. */
  @Get(trackingRoutes.open)
  async open(
    @Param('token') token: string,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.tracking.opened(token, { ip, userAgent });
    await reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(PIXEL);
  }

  @Get(trackingRoutes.click)
  async click(
    @Param('token') token: string,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const url = await this.tracking.clicked(token, { ip, userAgent });
    await reply.header('cache-control', 'no-store').redirect(url, 302);
  }

  @Get(trackingRoutes.unsubscribe)
  async unsubscribePage(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    if (!this.tracking.verify(token, 'unsubscribe'))
      throw new NotFoundError('This unsubscribe link');
    await reply.type('text/html; charset=utf-8').send(CONFIRM_PAGE);
  }

  /** The page's button, and mail clients' one-click unsubscribe (List-Unsubscribe-Post). */
  @Post(trackingRoutes.unsubscribe)
  async unsubscribe(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    await this.tracking.unsubscribed(token);
    await reply.status(200).type('text/html; charset=utf-8').send(UNSUBSCRIBED_PAGE);
  }
}
