import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import { ChosenPackage, PAID_PACKAGES, Plan, PLANS } from '@tabour/accounts';
import { mailboxDir, readMailbox } from '@tabour/notifications';
import { EmbeddedPostgresHandle, loadConfig, startEmbeddedPostgres } from '@tabour/platform';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { AppModule } from '../apps/api/src/app.module';
import { migrate } from '../apps/api/src/bootstrap';

const USAGE = `Usage: npm run accounts -- <command>
  approve <email>                                   approve the business account that <email> belongs to
  set-package <email> <FREE|LIBERUP|LIBERPRO> [monthly|yearly]
                                                    change the business's package (monthly by default for paid ones)
  mailbox [email] [count]                           print the latest e-mails of the local mailbox (to <email> only)`;

const config = loadConfig({ ...process.env, BROADCAST_PORT: '0' });

async function canConnect(url: string): Promise<boolean> {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** DATABASE_URL, or the embedded server: the running one if the API has started it, else a new one. */
async function database(): Promise<{ url: string; embedded?: EmbeddedPostgresHandle }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const url = `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/tabour`;
  if (await canConnect(url)) return { url };
  const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
  return { url: embedded.url, embedded };
}

/** The commands go through the application, so events, projections and checks are the API's own. */
async function withApp<T>(run: (registration: RegistrationService) => Promise<T>): Promise<T> {
  const { url, embedded } = await database();
  try {
    await migrate(url);
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, url), { logger: ['error'] });
    try {
      await app.init();
      return await run(app.get(RegistrationService));
    } finally {
      await app.close();
    }
  } finally {
    await embedded?.stop();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const actor = { type: 'system' as const, name: 'accounts command line' };
  switch (command) {
    case 'approve': {
      if (!args[0]) break;
      const r = await withApp((reg) => reg.approve(args[0], actor));
      console.log(r.changed ? `Approved business ${r.business_id} (${args[0]})` : `Business ${r.business_id} (${args[0]}) was already approved`);
      return 0;
    }
    case 'set-package': {
      const [email, rawPkg, rawPlan] = args;
      const pkg = rawPkg?.toUpperCase() as ChosenPackage;
      if (!email || !PAID_PACKAGES.includes(pkg)) break;
      const plan = pkg === 'FREE' ? null : ((rawPlan?.toLowerCase() ?? 'monthly') as Plan);
      if (plan && !PLANS.includes(plan)) break;
      const r = await withApp((reg) => reg.setPackage(email, pkg, plan, actor));
      console.log(`Business ${r.business_id} (${email}) is now on ${pkg}${plan ? ` (${plan})` : ''}`);
      return 0;
    }
    case 'mailbox': {
      const dir = mailboxDir(config.dataDir);
      const to = args[0] && !/^\d+$/.test(args[0]) ? args[0] : undefined;
      const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
      const messages = await readMailbox(dir, { to, limit: count });
      if (!messages.length) console.log(`No messages${to ? ` to ${to}` : ''} in ${dir}`);
      for (const m of messages.reverse()) {
        console.log(`----- ${m.sent_at}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`);
      }
      return 0;
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err?.message ?? err);
    process.exit(1);
  },
);
