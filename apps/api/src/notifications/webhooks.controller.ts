import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth';
import { BodyTypes } from '../common/body-types';
import { RepliesService } from './replies.service';
import { WebhooksService } from './webhooks.service';

/** The SendGrid route's body is kept raw (apps/api/src/bootstrap.ts): its signature covers the exact bytes. */
export const SENDGRID_EVENTS_PATH = '/webhooks/sendgrid/events';
/** SendGrid posts its events in batches of up to 768 KB. */
export const SENDGRID_MAX_BYTES = 1024 * 1024;

const header = (req: Request, name: string) => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
const form = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : {});

/**
 * What the providers call back (docs/notifications.md, "Delivery reports" and "Replies"): no
 * session, each request verified by the provider's signature instead, a wrong or missing one
 * answered 403 with nothing changed.
 */
@ApiExcludeController()
@Public()
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly replies: RepliesService,
  ) {}

  @Post('twilio/status')
  @HttpCode(204)
  @BodyTypes('form')
  async twilioStatus(@Req() req: Request): Promise<void> {
    const params = form(req);
    this.webhooks.verifyTwilio(header(req, 'X-Twilio-Signature'), req.originalUrl, params);
    await this.webhooks.twilioStatus(req.query.m, params);
  }

  @Post('twilio/inbound')
  @HttpCode(200)
  @BodyTypes('form')
  async twilioInbound(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const params = form(req);
    this.webhooks.verifyTwilio(header(req, 'X-Twilio-Signature'), req.originalUrl, params);
    const twiml = await this.replies.reply(params);
    // Set here, not by a decorator: a refusal keeps the JSON error answer of every call.
    res.type('text/xml');
    return twiml;
  }

  @Post('sendgrid/events')
  @HttpCode(200)
  @BodyTypes('json')
  async sendgridEvents(@Req() req: Request): Promise<{ applied: number; ignored: number }> {
    const events = this.webhooks.verifySendgrid(
      req.body,
      header(req, 'X-Twilio-Email-Event-Webhook-Signature'),
      header(req, 'X-Twilio-Email-Event-Webhook-Timestamp'),
    );
    return this.webhooks.sendgridEvents(events);
  }
}
