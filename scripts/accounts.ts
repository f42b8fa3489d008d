import 'reflect-metadata';
import { ChosenPackage, PAID_PACKAGES, Plan, PLANS } from '@tabour/accounts';
import { mailboxDir, readMailbox } from '@tabour/notifications';
import { AppConfig, loadConfigWith } from '@tabour/platform';
import type { Package } from '@tabour/contracts';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { RefundsService } from '../apps/api/src/billing/refunds';
import { PackageCatalogue } from '../apps/api/src/billing/catalogue';
import { CouponsService } from '../apps/api/src/billing/coupons';
import { localOutboxDir } from '../apps/api/src/notifications/channel-registry';
import { readLocalOutbox } from '../apps/api/src/notifications/channels';
import { withAppContext } from './context';

const USAGE = `Usage: npm run accounts -- <command>
  approve <email>                                   approve the business account that <email> belongs to
  set-package <email> <FREE|LIBERUP|LIBERPRO> [monthly|yearly]
                                                    change the business's package (monthly by default for paid ones)
  mailbox [email] [count]                           print the latest e-mails of the local mailbox (to <email> only)
  outbox <sms|email> [number or email] [count]      print the latest customer messages of the local outbox (to one recipient only)
  packages list                                     print the package catalogue (prices in cents, before VAT)
  packages set-price <LIBERUP|LIBERPRO> <monthly|yearly> <cents> [currency]
                                                    change a price (new purchases and renewals pay it)
  coupons list                                      print the coupons with their redemptions
  coupons create <CODE> <percent|amount> <value> [--currency EUR] [--once | --months N | --forever]
                 [--from YYYY-MM-DD] [--until YYYY-MM-DD] [--max N] [--packages LIBERUP,LIBERPRO]
                                                    create a coupon (percent 1-100, or an amount in cents)
  coupons archive <CODE>                            stop offering a coupon (its redemptions are kept)
  refund <invoice number> [cents]                   refund an invoice (all that is left, or part) with a credit note`;

// Read in main, so that a bad setting is told in its sentence as any refused input is.
let config: AppConfig;

/** The commands go through the application, so events, projections and checks are the API's own. */
/** The billing services, for the operator's catalogue, coupons and refunds. */
const withBilling = <T>(run: (b: { catalogue: PackageCatalogue; coupons: CouponsService; refunds: RefundsService }) => Promise<T>): Promise<T> =>
  withAppContext(config, (app) => run({ catalogue: app.get(PackageCatalogue), coupons: app.get(CouponsService), refunds: app.get(RefundsService) }));

const withApp = <T>(run: (registration: RegistrationService) => Promise<T>): Promise<T> => withAppContext(config, (app) => run(app.get(RegistrationService)));

async function main(argv: string[]): Promise<number> {
  config = loadConfigWith({ BROADCAST_PORT: '0' });
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
    case 'packages': {
      if (args[0] === 'list') {
        const rows = await withBilling((b) => b.catalogue.rows());
        for (const r of rows) {
          const prices = r.prices ? `monthly ${r.prices.monthly}, yearly ${r.prices.yearly} (${r.currency} cents)` : 'not sold';
          console.log(`${r.id.padEnd(9)} ${r.name.padEnd(10)} ${prices}`);
        }
        return 0;
      }
      const [sub, rawPkg, rawPlan, rawAmount, currency] = args;
      if (sub !== 'set-price' || !/^\d+$/.test(rawAmount ?? '')) break;
      const pkg = rawPkg?.toUpperCase() as ChosenPackage;
      const plan = rawPlan?.toLowerCase() as Plan;
      if (!PAID_PACKAGES.includes(pkg) || !PLANS.includes(plan)) break;
      const row = await withBilling((b) => b.catalogue.setPrice(pkg, plan, Number(rawAmount), currency));
      console.log(`${row.id} now costs ${row.prices?.monthly} monthly and ${row.prices?.yearly} yearly (${row.currency} cents, before VAT)`);
      return 0;
    }
    case 'coupons': {
      if (args[0] === 'list') {
        const list = await withBilling((b) => b.coupons.list());
        if (!list.length) console.log('No coupons');
        for (const c of list) {
          const value = c.kind === 'percent' ? `${c.value}%` : `${c.value} ${c.currency} cents`;
          const term = c.duration === 'repeating' ? `${c.duration_months} months` : c.duration;
          const until = c.valid_until ? ` until ${c.valid_until.slice(0, 10)}` : '';
          console.log(`${c.code.padEnd(16)} ${value} off, ${term}, ${c.packages.join('+')}, used ${c.redemptions}/${c.max_redemptions ?? '∞'}${until}`);
        }
        return 0;
      }
      if (args[0] === 'archive' && args[1]) {
        await withBilling((b) => b.coupons.archive(args[1]));
        console.log(`Coupon ${args[1].toUpperCase()} is no longer offered`);
        return 0;
      }
      const [sub, code, kind, rawValue, ...rest] = args;
      if (sub !== 'create' || !code || (kind !== 'percent' && kind !== 'amount') || !/^\d+$/.test(rawValue ?? '')) break;
      const opt = (name: string) => {
        const i = rest.indexOf(`--${name}`);
        return i >= 0 ? rest[i + 1] : undefined;
      };
      const months = opt('months');
      const coupon = await withBilling((b) =>
        b.coupons.create({
          code,
          kind,
          value: Number(rawValue),
          currency: kind === 'amount' ? (opt('currency') ?? 'EUR') : null,
          duration: months ? 'repeating' : rest.includes('--forever') ? 'forever' : 'once',
          duration_months: months ? Number(months) : null,
          valid_from: opt('from') ? new Date(`${opt('from')}T00:00:00Z`) : null,
          valid_until: opt('until') ? new Date(`${opt('until')}T23:59:59Z`) : null,
          max_redemptions: opt('max') ? Number(opt('max')) : null,
          packages: (opt('packages') ?? 'LIBERUP,LIBERPRO').split(',').map((p) => p.trim().toUpperCase()) as Package[],
        }),
      );
      console.log(`Created coupon ${coupon.code}`);
      return 0;
    }
    case 'refund': {
      const [number, cents] = args;
      if (!number || (cents !== undefined && !/^\d+$/.test(cents))) break;
      const note = await withBilling((b) => b.refunds.refund(number, cents === undefined ? null : Number(cents), actor));
      console.log(`Credit note ${note.number} issued for ${-note.total} ${note.currency} cents (refunds ${number})`);
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
    // A refused input names its fields (a coupon's value, a price): say which.
    for (const [field, messages] of Object.entries((err?.errors ?? {}) as Record<string, string[]>)) console.error(`  ${field}: ${messages.join('; ')}`);
    process.exit(1);
  },
);
