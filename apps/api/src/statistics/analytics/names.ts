/**
 * Where analysts read the statistics: a database of their own beside the product's, on the
 * same server, named after it (docs/statistics.md, "Analysts").
 */
export const ANALYTICS_SUFFIX = '_analytics';

/** PostgreSQL's limit on a name (NAMEDATALEN − 1). */
const NAME_MAX = 63;

export class AnalystInputError extends Error {}

export function databaseOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new AnalystInputError('The database URL names no database.');
  return name;
}

export function analyticsDatabaseName(productDatabase: string): string {
  const name = `${productDatabase}${ANALYTICS_SUFFIX}`;
  if (Buffer.byteLength(name) > NAME_MAX) {
    throw new AnalystInputError(`The analytics database's name "${name}" is longer than PostgreSQL's 63 bytes: give the product's database a shorter name.`);
  }
  return name;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** The connection string an analyst is given: the product's server, their role, the analytics database (the password apart). */
export function analystUrl(productUrl: string, role: string): string {
  const u = new URL(withDatabase(productUrl, analyticsDatabaseName(databaseOf(productUrl))));
  u.username = role;
  u.password = '';
  u.search = '';
  return u.toString();
}

/**
 * An analyst's role name: plain lower-case letters, digits and underscores, so it is quoted
 * nowhere and cannot be mistaken for another role; never one of PostgreSQL's own (pg_…).
 */
const ROLE = /^[a-z_][a-z0-9_]{2,62}$/;

export function checkRoleName(role: string): string {
  if (!ROLE.test(role) || role.startsWith('pg_')) {
    throw new AnalystInputError(
      `"${role}" is not an analyst's role name: 3 to 63 lower-case letters, digits or underscores, starting with a letter or an underscore, and not pg_….`,
    );
  }
  return role;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkBusinessId(id: string): string {
  if (!UUID.test(id)) throw new AnalystInputError(`"${id}" is not a business id (a uuid).`);
  return id.toLowerCase();
}
