import { Injectable } from '@nestjs/common';
import { webhookDecider, webhookStream, type WebhookCommand } from '@tabour/integrations';
import type { Actor } from '@tabour/eventstore';
import { Commands } from '../../common/commands';

/** The webhook streams' commands through the command gateway. */
@Injectable()
export class WebhookCommands {
  constructor(private readonly commands: Commands) {}

  run(command: WebhookCommand, tenantId: string, actor: Actor, fresh = false) {
    return this.commands.run(webhookDecider, webhookStream(command.webhook_id), command, { tenantId, actor, fresh });
  }
}
