import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, PgEventStore } from '@tabour/eventstore';
import { webhookDecider, webhookStream, type WebhookCommand } from '@tabour/integrations';
import type { Actor } from '@tabour/eventstore';
import { EVENT_STORE } from '../../common/tokens';

/** The webhook streams' commands through the one command handler. */
@Injectable()
export class WebhookCommands {
  private readonly handler: CommandHandler;

  constructor(@Inject(EVENT_STORE) store: PgEventStore) {
    this.handler = new CommandHandler(store);
  }

  run(command: WebhookCommand, tenantId: string, actor: Actor, fresh = false) {
    return this.handler.handle(webhookDecider, webhookStream(command.webhook_id), command, { tenantId, actor, fresh });
  }
}
