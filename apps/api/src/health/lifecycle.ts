import { Global, Injectable, Module } from '@nestjs/common';

/**
 * Where the process is in its life: serving, or draining before it stops (docs/operations.md,
 * "Stopping"). A draining instance answers `/health` 503 so that a load balancer sends it no
 * more; long polls and event streams see `signal` aborted and answer now, so that they do not
 * hold the shutdown for their whole wait.
 */
@Injectable()
export class Lifecycle {
  private readonly stopping = new AbortController();

  get draining(): boolean {
    return this.stopping.signal.aborted;
  }

  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  beginDrain(): void {
    this.stopping.abort();
  }
}

@Global()
@Module({ providers: [Lifecycle], exports: [Lifecycle] })
export class LifecycleModule {}
