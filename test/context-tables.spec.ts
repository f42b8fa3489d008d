import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * Each context declares its own tables (its slice of the platform's `Database`, in its library's
 * `tables.ts` and beside its aggregates) and reads another context's rows only through the
 * queries and SQL fragments that context exports (docs/contributing.md#whose-tables). This finds
 * every statement of a context's product code that names another context's table, a Kysely call
 * (`selectFrom`, a join, `updateTable`, …) or raw SQL (`FROM`, `JOIN`, …), and holds them to the
 * reads still allowed below: that list only shrinks.
 */
const root = path.resolve(__dirname, '..');

/**
 * The reads of another context's table still made, by the reading context and the table, with
 * how many there are and why they stay. A number may only go down; a pair may only leave.
 */
const ALLOWED: Record<string, { reads: number; why: string }> = {
  'accounts -> device_sessions': {
    reads: 2,
    why: "ending a business's or a user's sessions ends its devices' too, in the same transaction (session-ends.ts, the sessions list)",
  },
  'accounts -> displays': { reads: 2, why: 'the sessions list names its devices; the plan usage counts them in one statement' },
  'accounts -> kiosks': { reads: 2, why: 'the sessions list names its devices; the plan usage counts them in one statement' },
  'accounts -> memberships': { reads: 1, why: 'the membership view reads the billing row it shows' },
  'activity -> bookings': { reads: 3, why: 'the activity log, being split: its record scopes and names' },
  'activity -> customers': { reads: 1, why: 'the activity log, being split: the names it shows' },
  'activity -> displays': { reads: 1, why: 'the activity log, being split: the names it shows' },
  'activity -> kiosks': { reads: 1, why: 'the activity log, being split: the names it shows' },
  'activity -> queue_tickets': { reads: 4, why: 'the activity log, being split: its record scopes and names' },
  'activity -> team_members': { reads: 1, why: 'the activity log, being split: the names it shows' },
  'activity -> users': { reads: 1, why: 'the activity log, being split: the names it shows' },
  'billing -> business_accounts': { reads: 2, why: "the invoice's parties: the account's name, address and owner" },
  'billing -> users': { reads: 1, why: "the invoice's parties: the owner's e-mail" },
  'bookings -> customer_archived_bookings': { reads: 1, why: "rule matching's one statement: whether the customer came before" },
  'bookings -> customers': {
    reads: 4,
    why: "the booking export (being split), the import's match by id, phone or e-mail, rule matching and the capacity guard's one-booking check",
  },
  'bookings -> department_services': { reads: 1, why: "the booking place's one statement (libs/bookings queries/booking-place.ts)" },
  'bookings -> departments': { reads: 2, why: "the booking place's one statement and the booking export (being split)" },
  'bookings -> holidays': { reads: 1, why: "the booking place's held days" },
  'bookings -> queue_tickets': { reads: 1, why: "rule matching's one statement: whether the customer came before" },
  'bookings -> services': { reads: 2, why: "the booking place's one statement and the booking export (being split)" },
  'bookings -> team_members': { reads: 2, why: "the booking place's one statement and the booking export (being split)" },
  'broadcast -> installation_secrets': { reads: 2, why: "the broadcast adapter's key, kept with the installation's other secrets" },
  'customers -> users': { reads: 1, why: "the privacy screen erases the business's users' keys with its customers'" },
  'notifications -> bookings': { reads: 5, why: "the reactor's one statement of facts (being split), the reminder sweep and the SMS reply's cancel" },
  'notifications -> customers': { reads: 1, why: "the outbox's one statement of recipients" },
  'notifications -> departments': { reads: 1, why: "the reactor's one statement of facts (being split)" },
  'notifications -> memberships': { reads: 1, why: 'the SMS allowance is decided by the membership' },
  'notifications -> queue_counters': { reads: 2, why: "the reactor's one statement of facts (being split)" },
  'notifications -> queue_tickets': { reads: 2, why: "the reactor's one statement of facts (being split)" },
  'notifications -> queues': { reads: 1, why: "the reactor's one statement of facts (being split)" },
  'notifications -> services': { reads: 1, why: "the reactor's one statement of facts (being split)" },
  'notifications -> users': { reads: 1, why: "the outbox's one statement: the owner's language" },
  'observability -> notification_messages': { reads: 2, why: "the outboxes' depth, a figure of the whole database" },
  'observability -> webhook_deliveries': { reads: 2, why: "the outboxes' depth, a figure of the whole database" },
  'queues -> customer_archived_tickets': { reads: 2, why: "the queues' projection writes the customer's archive of tickets" },
  'statistics -> business_accounts': { reads: 1, why: 'the analytics keeper (being split) checks the business exists' },
  'statistics -> memberships': { reads: 1, why: 'report mails depend on the package' },
  'statistics -> notification_messages': { reads: 1, why: 'the SMS sums of the statistics' },
  'statistics -> users': { reads: 2, why: "report mails: each recipient's and the owner's language" },
};

/** A product source file: no spec, integration test or demo data. */
const isProduct = (name: string): boolean => name.endsWith('.ts') && !name.endsWith('.d.ts') && !/\.(spec|int)\.ts$/.test(name) && !/seed/.test(name);

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return isProduct(entry.name) ? [full] : [];
  });
}

const parse = (file: string): ts.SourceFile => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
const libs = (): string[] => readdirSync(path.join(root, 'libs')).filter((lib) => existsSync(path.join(root, 'libs', lib, 'src')));

/**
 * Which context owns each table: the properties of the interfaces a library merges into
 * `Database` (`declare module '@tabour/platform'`) and of its `*Tables` slices (the organisation's
 * `OrganisationTables` holds `business_profiles`, which is in no other context's type).
 */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const lib of libs()) {
    for (const file of files(path.join(root, 'libs', lib, 'src'))) {
      const visit = (node: ts.Node) => {
        if (ts.isInterfaceDeclaration(node) && (node.name.text === 'Database' || /Tables$/.test(node.name.text))) {
          for (const member of node.members) {
            if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) continue;
            const table = member.name.text;
            const before = owners.get(table);
            if (before && before !== lib) throw new Error(`${table} is declared by both ${before} and ${lib}`);
            owners.set(table, lib);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(parse(file));
    }
  }
  return owners;
}

/** The Kysely calls whose first argument names a table (`'customers as c'` names customers). */
const TABLE_CALLS = new Set([
  'selectFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'updateTable',
  'insertInto',
  'replaceInto',
  'deleteFrom',
  'mergeInto',
  'table',
]);
/** A table named in raw SQL, in a template's or a string's text. */
const SQL_TABLE = /\b(?:FROM|JOIN|UPDATE|INTO|USING)\s+([a-z_][a-z0-9_]*)\b/gi;

interface Read {
  reader: string;
  table: string;
  at: string;
}

/** The tables a file's code names, each with its line (comments are not code, so are not read). */
function tablesNamed(file: string): { table: string; line: number }[] {
  const source = parse(file);
  const found: { table: string; line: number }[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && TABLE_CALLS.has(node.expression.name.text)) {
      const first = node.arguments[0];
      const names = first && ts.isArrayLiteralExpression(first) ? [...first.elements] : first ? [first] : [];
      for (const name of names) if (ts.isStringLiteral(name)) found.push({ table: name.text.split(/\s+as\s+/)[0].trim(), line: at(name) });
    } else if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isStringLiteral(node)
    ) {
      for (const m of node.text.matchAll(SQL_TABLE)) found.push({ table: m[1], line: at(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The product code of each context: its library's source and its folder of the API. */
function contextSources(): { context: string; file: string }[] {
  const api = path.join(root, 'apps/api/src');
  return [
    ...libs().flatMap((lib) => files(path.join(root, 'libs', lib, 'src')).map((file) => ({ context: lib, file }))),
    ...readdirSync(api, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => files(path.join(api, entry.name)).map((file) => ({ context: entry.name, file }))),
  ];
}

function crossReads(owners: Map<string, string>): Read[] {
  return contextSources().flatMap(({ context, file }) =>
    tablesNamed(file)
      .filter(({ table }) => owners.has(table) && owners.get(table) !== context)
      .map(({ table, line }) => ({ reader: context, table, at: `${path.relative(root, file)}:${line}` })),
  );
}

const key = (read: Read) => `${read.reader} -> ${read.table}`;

describe("a context's tables", () => {
  const owners = tableOwners();
  const reads = crossReads(owners);
  const byPair = new Map<string, Read[]>();
  for (const read of reads) byPair.set(key(read), [...(byPair.get(key(read)) ?? []), read]);

  it('are found in the libraries’ declarations', () => {
    expect(owners.get('customers')).toBe('customers');
    expect(owners.get('business_profiles')).toBe('organisation');
    expect(owners.get('queue_tickets')).toBe('queues');
    expect(owners.get('resources')).toBe('resources');
  });

  it('are read by another context only through its exported queries, or as allowed', () => {
    const over = [...byPair.entries()]
      .filter(([pair, found]) => found.length > (ALLOWED[pair]?.reads ?? 0))
      .map(
        ([pair, found]) =>
          `${pair} (${owners.get(found[0].table)}'s): ${found.length} reads, ${ALLOWED[pair]?.reads ?? 0} allowed\n  ${found.map((r) => r.at).join('\n  ')}`,
      );
    expect(over).toEqual([]);
  });

  it('leave the allowances no larger than the reads still made', () => {
    const stale = Object.entries(ALLOWED)
      .filter(([pair, allowed]) => (byPair.get(pair)?.length ?? 0) < allowed.reads)
      .map(([pair, allowed]) => `${pair}: ${byPair.get(pair)?.length ?? 0} reads, ${allowed.reads} allowed (lower it)`);
    expect(stale).toEqual([]);
  });
});
