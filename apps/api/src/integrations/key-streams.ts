import { Injectable, OnModuleInit } from '@nestjs/common';
import { ChangeRelay } from '../broadcast/change-relay';
import { endingsOf } from '../broadcast/endings';
import type { KeyPrincipal } from './api-key.guard';

type Held = { key: KeyPrincipal; ended: AbortController };

/**
 * The feed's long polls and streams this process holds, by key: aborted as soon as this
 * instance reads the key's revocation, or its business's deletion, from the log (every
 * instance's relay reads every event), so that none outlives its key (docs/integrations.md).
 */
@Injectable()
export class KeyStreams implements OnModuleInit {
  private readonly held = new Set<Held>();

  constructor(private readonly relay: ChangeRelay) {}

  onModuleInit(): void {
    this.relay.watch((events) => {
      for (const e of endingsOf(events))
        if (e.scope === 'key') this.end((k) => k.keyId === e.keyId && k.tenantId === e.tenantId);
        else if (e.scope === 'business') this.end((k) => k.tenantId === e.tenantId);
    });
  }

  /** A signal the key's end aborts; `release` when the poll or stream is over. */
  open(key: KeyPrincipal): { signal: AbortSignal; release: () => void } {
    const held: Held = { key, ended: new AbortController() };
    this.held.add(held);
    return { signal: held.ended.signal, release: () => this.held.delete(held) };
  }

  /** How many polls and streams are open (for tests and metrics). */
  get size(): number {
    return this.held.size;
  }

  private end(match: (key: KeyPrincipal) => boolean): void {
    for (const h of [...this.held])
      if (match(h.key)) {
        this.held.delete(h);
        h.ended.abort();
      }
  }
}
