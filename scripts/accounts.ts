import 'reflect-metadata';
import { ChosenPackage, PAID_PACKAGES, Plan, PLANS } from '@tabour/accounts';
import { mailboxDir, readMailbox } from '@tabour/notifications';
import { loadConfig } from '@tabour/platform';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { localOutboxDir } from '../apps/api/src/notifications/channel-registry';
import { readLocalOutbox } from '../apps/api/src/notifications/channels';
import { withAppContext } from './context';

const USAGE = `Usage: npm run accounts -- <command>
  approve <email>                                   approve the business account that <email> belongs to
  set-package <email> <FREE|LIBERUP|LIBERPRO> [monthly|yearly]
                                                    change the business's package (monthly by default for paid ones)
  mailbox [email] [count]                           print the latest e-mails of the local mailbox (to <email> only)
  outbox <sms|email> [number or email] [count]      print the latest customer messages of the local outbox (to one recipient only)`;

const config = loadConfig({ ...process.env, BROADCAST_PORT: '0' });

/** The commands go through the application, so events, projections and checks are the API's own. */
const withApp = <T>(run: (registration: RegistrationService) => Promise<T>): Promise<T> => withAppContext(config, (app) => run(app.get(RegistrationService)));

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
    case 'outbox': {
      if (args[0] !== 'sms' && args[0] !== 'email') break;
      const dir = localOutboxDir(config.dataDir, args[0]);
      const to = args[1] && !/^\d+$/.test(args[1]) ? args[1] : undefined;
      const count = Number(args.slice(1).find((a) => /^\d+$/.test(a)) ?? 5);
      const messages = await readLocalOutbox(dir, { to, limit: count });
      if (!messages.length) console.log(`No messages${to ? ` to ${to}` : ''} in ${dir}`);
      for (const m of messages.reverse()) {
        console.log(
          `----- ${m.sent_at} ${m.type}\nTo: ${m.to}${m.from ? `\nFrom: ${m.from}` : ''}${m.subject ? `\nSubject: ${m.subject}` : ''}\n\n${m.text}\n`,
        );
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
