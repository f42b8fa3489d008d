import 'reflect-metadata';
import { ConfigError, loadConfigWith } from '@tabour/platform';
import { AnalyticsKeeper, DEFAULT_LIMITS } from '../apps/api/src/statistics/analytics/keeper';
import { AnalystInputError } from '../apps/api/src/statistics/analytics/names';
import { withAppContext } from './context';

const USAGE = `Usage: npm run analysts -- <command>
  add <role> <business id> [--password-stdin] [--connections N] [--statement-timeout-ms N]
                                  give one business's analyst a login to the analytics database (or change
                                  an analyst's business, password or limits); the password is read from the
                                  standard input with --password-stdin, else one is made and printed;
                                  ${DEFAULT_LIMITS.connections} connections and ${DEFAULT_LIMITS.statementTimeoutMs} ms by default
  remove <role>                   end the analyst's sessions and drop the role
  list                            the analysts, their business, limits and open sessions
  rebuild                         empty the analytics database's statistics and replay the log into them`;

function option(args: string[], name: string): number | undefined {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (!v || !/^\d+$/.test(v)) throw new AnalystInputError(`--${name} takes a whole number.`);
  return Number(v);
}

/** The password piped in: never an argument, which the shell's history and the process list would keep. */
async function passwordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Analysts' logins to the analytics database (docs/statistics.md, "Analysts"). */
async function main(argv: string[]): Promise<number> {
  // Only the parts are needed: no subscriptions running, no broadcast port taken.
  const config = loadConfigWith({ EVENTING_AUTOSTART: 'off', BROADCAST_PORT: '0', SEED_DEMO: 'false' });
  const [command, ...args] = argv.filter((a) => a !== '--');
  const keeper = <T>(run: (k: AnalyticsKeeper) => Promise<T>) => withAppContext(config, (app) => run(app.get(AnalyticsKeeper)));
  switch (command) {
    case 'add': {
      const [role, business] = args;
      if (!role || !business || role.startsWith('--') || business.startsWith('--')) break;
      const password = args.includes('--password-stdin') ? await passwordFromStdin() : undefined;
      const r = await keeper((k) =>
        k.addAnalyst(role, business, {
          password,
          limits: { connections: option(args, 'connections'), statementTimeoutMs: option(args, 'statement-timeout-ms') },
        }),
      );
      console.log(`Analyst ${r.role} reads business ${r.businessId}:\n  ${r.url}`);
      if (r.password) console.log(`Password (shown once): ${r.password}`);
      return 0;
    }
    case 'remove': {
      if (!args[0]) break;
      await keeper((k) => k.removeAnalyst(args[0]));
      console.log(`Analyst ${args[0]} removed`);
      return 0;
    }
    case 'list': {
      const list = await keeper((k) => k.listAnalysts());
      if (!list.length) console.log('No analysts');
      for (const a of list) {
        console.log(`${a.role}\tbusiness ${a.businessId}\t${a.connections} connections\t${a.statementTimeoutMs} ms\t${a.sessions} open now`);
      }
      return 0;
    }
    case 'rebuild': {
      await keeper((k) => k.rebuild());
      console.log('The analytics statistics were emptied; the running API replays the log into them');
      return 0;
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    // A refused input or a bad setting is told in its sentence; anything else with its trace.
    console.error(err instanceof AnalystInputError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
