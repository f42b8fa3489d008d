import 'reflect-metadata';
import { keepsReadTables, rebuildProjection } from '@tabour/eventstore';
import { ConfigError, Db, loadConfigWith } from '@tabour/platform';
import { DB } from '../apps/api/src/common/tokens';
import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { withAppContext } from './context';

/**
 * `npm run rebuild -- <projection> [...]` (or `all`, or nothing to list them): empties each
 * projection's tables and replays the log into them. The application is assembled without
 * HTTP so that every module registers its projections exactly as it does when serving.
 */
async function main(): Promise<number> {
  const names = process.argv.slice(2).filter((a) => a !== '--');
  // Only the parts are needed: no subscriptions running, no broadcast port taken.
  const config = loadConfigWith({ EVENTING_AUTOSTART: 'off', BROADCAST_PORT: '0', SEED_DEMO: 'false' });
  return withAppContext(
    config,
    async (app) => {
      const registry = app.get(ProjectionRegistry);
      const known = registry.projections();
      const list = () => known.map((p) => `  ${p.projection.name} (${p.kind}${keepsReadTables(p.projection) ? '' : ', keeps no read tables'})`).join('\n');
      if (!names.length) {
        console.log(`usage: npm run rebuild -- <projection>... | all\nprojections:\n${list()}`);
        return 0;
      }
      const chosen = names.includes('all') ? known : names.map((n) => registry.find(n));
      const missing = names.filter((n, i) => n !== 'all' && !chosen[i]);
      if (missing.length) {
        console.error(`unknown projection: ${missing.join(', ')}\nprojections:\n${list()}`);
        return 1;
      }
      const db = app.get<Db>(DB);
      let failed = 0;
      // In registration order, which is each module's dependency order.
      for (const registered of chosen) {
        // Nothing to rebuild by design, whether named or part of `all`.
        if (!keepsReadTables(registered!.projection)) {
          console.log(`skipped ${registered!.projection.name} (${registered!.kind}): keeps no read tables`);
          continue;
        }
        const started = Date.now();
        try {
          const r = await rebuildProjection(db, registered!);
          console.log(
            `rebuilt ${r.name} (${registered!.kind}): ${r.events} events replayed in ${Date.now() - started} ms, up to position ${r.cursor.position}`,
          );
        } catch (err) {
          failed++;
          console.error(`failed ${registered!.projection.name}: ${err instanceof Error ? err.message : String(err)} (its tables are as they were)`);
        }
      }
      return failed ? 1 : 0;
    },
    ['error', 'warn'],
  );
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
