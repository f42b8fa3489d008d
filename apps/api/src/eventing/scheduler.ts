import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { AppConfig, JobsConfig } from '@tabour/platform';
import { APP_CONFIG } from '../common/tokens';
import { PeriodicJob } from './periodic-job';

interface Scheduled {
  job: PeriodicJob;
  key: keyof JobsConfig;
}

/**
 * The one timer of the application's scheduled jobs (docs/operations.md, "Scheduled jobs"). A
 * job registers itself with its entry of `AppConfig.jobs` (its `<NAME>_JOB` switch and
 * `<NAME>_POLL_MS` period); the scheduler starts the enabled ones when the application has
 * started, unless it runs without its background work (`EVENTING_AUTOSTART=off`: the
 * command-line scripts), and stops them all, letting each finish the run under way, when it
 * closes.
 */
@Injectable()
export class Scheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly jobs: Scheduled[] = [];
  private readonly log = new Logger('scheduler');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Registers a job (from a provider's constructor or `onModuleInit`); answers it, to tick by hand. */
  every(key: keyof JobsConfig, what: string, log: Logger, run: () => Promise<unknown>): PeriodicJob {
    const job = new PeriodicJob(what, log, run);
    this.jobs.push({ job, key });
    return job;
  }

  onApplicationBootstrap(): void {
    if (!this.config.eventing.autostart) return;
    const started: string[] = [];
    for (const { job, key } of this.jobs) {
      const { enabled, pollMs } = this.config.jobs[key];
      if (!enabled) continue;
      job.start(pollMs);
      started.push(`${job.what} every ${pollMs} ms`);
    }
    if (started.length) this.log.debug(`jobs started: ${started.join(', ')}`);
  }

  // Before the shutdown hooks close the database pools, so no run is cut short.
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.jobs.map(({ job }) => job.stop()));
  }
}
