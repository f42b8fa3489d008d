import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Client, type Pool } from 'pg';
import type { AnySchema, AsyncProjection, ConnectFn } from '@tabour/eventstore';
import { connectTo } from '@tabour/eventstore';
import { AppConfig, createPool, Db } from '@tabour/platform';
import { STATISTICS_TABLES, statisticsProjection } from '@tabour/statistics';
import { APP_CONFIG, DATABASE_URL, DB } from '../../common/tokens';
import { PeriodicJob } from '../../eventing/periodic-job';
import { EVENTING_CONNECT, ProjectionRegistry } from '../../eventing/projection-registry';
import { AnalyticsMirror, resetMirror } from './mirror';
import { analystUrl, analyticsDatabaseName, AnalystInputError, checkBusinessId, checkRoleName, databaseOf, withDatabase } from './names';
import { checkLimits, DEFAULT_LIMITS, ident, literal, type Analyst, type AnalystLimits } from './limits';
import { migrateAnalytics } from './schema';
import { newAnalystPassword, scramVerifier } from './scram';
import { watchAnalysts, WATCHDOG_MS } from './watchdog';

/** The product's lock for changes to the analytics database and its analysts, in its own database. */
const KEEP_LOCK = 'analytics:keep';

/**
 * The library an analyst's session would load in every database but the analytics one: there
 * is none by that name, so PostgreSQL refuses the connection with this sentence. Only a
 * superuser may set or reset it, for any role, so the analyst cannot lift it.
 */
export const ELSEWHERE_REFUSAL = 'tabour_analysts_may_connect_only_to_their_analytics_database';

/** How long an absent analytics database is taken as absent before it is looked for again. */
const LOOK_AGAIN_MS = 4000;

/** A library every server has, loaded in the analytics database in the refusal's place. */
const HARMLESS_LIBRARY = 'plpgsql';

export { DEFAULT_LIMITS, type Analyst, type AnalystLimits } from './limits';

/**
 * Analysts read their business's statistics in a database of their own, `<product>_analytics`
 * on the same server, which holds nothing but the statistics tables and their views
 * (docs/statistics.md, docs/security.md "Analysts"). This keeps it: creates and migrates it,
 * takes the privileges away that PostgreSQL gives every role by default, makes and removes the
 * analysts' roles, runs the mirror that fills it from the product's log and the watchdog that
 * holds the analysts to their limits. It also closes the product's own database to every role
 * but the product's.
 */
@Injectable()
export class AnalyticsKeeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('statistics.analytics');
  readonly productDatabase: string;
  readonly database: string;
  readonly url: string;
  private pool?: Pool;
  private db?: Kysely<AnySchema>;
  private known = false;
  private lookedAt = 0;
  readonly mirror: AnalyticsMirror;
  private readonly watchdog: PeriodicJob;
  private unhook?: () => void;
  private superuser?: Promise<boolean>;

  constructor(
    @Inject(DB) private readonly product: Db,
    @Inject(DATABASE_URL) private readonly productUrl: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENTING_CONNECT) private readonly connectProduct: ConnectFn,
    private readonly registry: ProjectionRegistry,
  ) {
    this.productDatabase = databaseOf(productUrl);
    this.database = analyticsDatabaseName(this.productDatabase);
    this.url = withDatabase(productUrl, this.database);
    this.mirror = new AnalyticsMirror(statisticsProjection as unknown as AsyncProjection, connectProduct, connectTo(this.url), () => this.exists(), this.log);
    this.watchdog = new PeriodicJob('analysts watchdog', this.log, () => this.watch());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.closeProductDatabase().catch((err: unknown) => this.log.error(`closing the product's database to other roles failed: ${String(err)}`));
    // The command-line scripts assemble the application without its background work.
    if (!this.config.eventing.autostart) return;
    await this.adoptLegacyAnalysts().catch((err: unknown) => this.log.error(`moving the analysts to ${this.database} failed: ${String(err)}`));
    this.unhook = this.registry.onAppended((result) => {
      if (result.events.some((e) => this.mirror.wants(e))) this.mirror.wake();
    });
    this.mirror.start();
    this.watchdog.start(WATCHDOG_MS);
  }

  async onModuleDestroy(): Promise<void> {
    this.unhook?.();
    await this.watchdog.stop();
    await this.mirror.stop();
    await this.pool?.end().catch(() => undefined);
    this.pool = undefined;
    this.db = undefined;
  }

  /** Whether the analytics database exists (it is made with the first analyst). */
  async exists(): Promise<boolean> {
    if (this.known) return true;
    // Another process (the command line) makes it: looked for again every few seconds, not every tick.
    if (Date.now() - this.lookedAt < LOOK_AGAIN_MS) return false;
    const res = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_database WHERE datname = ${this.database}`.execute(this.product);
    this.known = res.rows[0].n > 0;
    this.lookedAt = this.known ? 0 : Date.now();
    return this.known;
  }

  /** The analytics database, as the product (its owner) reads and writes it. */
  analytics(): Kysely<AnySchema> {
    if (!this.db) {
      this.pool = createPool(this.url, 2);
      this.db = new Kysely<AnySchema>({ dialect: new PostgresDialect({ pool: this.pool }) });
    }
    return this.db;
  }

  private isSuperuser(): Promise<boolean> {
    this.superuser ??= sql<{ s: boolean }>`SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user`
      .execute(this.product)
      .then((r) => r.rows[0]?.s === true);
    return this.superuser;
  }

  /** Runs `work` holding the product's lock for analytics changes, on a connection of its own. */
  private async underLock<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = await this.connectProduct();
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [KEEP_LOCK]);
      return await work(client);
    } finally {
      // Ending the session releases the lock.
      await client.end().catch(() => undefined);
    }
  }

  /**
   * PostgreSQL lets every role connect to a new database and create temporary tables there:
   * the product's database is closed to all but its owner and the superusers, where the
   * product owns it (otherwise its owner decides, and this says so once).
   */
  async closeProductDatabase(): Promise<string[]> {
    const done: string[] = [];
    const state = await sql<{ owner: boolean; connect: boolean; temp: boolean; create: boolean; schema_owner: boolean }>`
      SELECT pg_has_role(current_user, d.datdba, 'USAGE') AS owner,
        has_database_privilege('public', d.oid, 'CONNECT') AS connect,
        has_database_privilege('public', d.oid, 'TEMPORARY') AS temp,
        has_schema_privilege('public', 'public', 'CREATE') AS create,
        pg_has_role(current_user, n.nspowner, 'USAGE') AS schema_owner
      FROM pg_database d, pg_namespace n WHERE d.datname = current_database() AND n.nspname = 'public'`.execute(this.product);
    const s = state.rows[0];
    if (!s || (!s.connect && !s.temp && !s.create)) return done;
    if (!s.owner && !(await this.isSuperuser())) {
      this.log.warn(
        `every role may connect to ${this.productDatabase}, whose owner is another role: REVOKE CONNECT, TEMPORARY ON DATABASE ... FROM PUBLIC (docs/security.md)`,
      );
      return done;
    }
    await this.underLock(async (client) => {
      if (s.connect || s.temp) {
        await client.query(`REVOKE CONNECT, TEMPORARY ON DATABASE ${ident(this.productDatabase)} FROM PUBLIC`);
        done.push('CONNECT, TEMPORARY');
      }
      if (s.create && (s.schema_owner || (await this.isSuperuser()))) {
        await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
        done.push('CREATE ON SCHEMA public');
      }
    });
    if (done.length) this.log.log(`${this.productDatabase}: ${done.join(' and ')} taken from PUBLIC`);
    return done;
  }

  /** Creates the analytics database if it is missing, migrates it and takes back PUBLIC's defaults. */
  async ensure(): Promise<void> {
    await this.underLock(async (client) => {
      this.lookedAt = 0;
      if (!(await this.exists())) {
        try {
          // template0: nothing an operator added to template1 comes along.
          await client.query(`CREATE DATABASE ${ident(this.database)} TEMPLATE template0`);
        } catch (err) {
          const e = err as { code?: string; message?: string };
          if (e.code === '42501') {
            throw new AnalystInputError(
              `The product's role may not create the database ${this.database}: create it (owned by the product's role) or grant the role CREATEDB.`,
            );
          }
          if (e.code !== '42P04') throw err;
        }
        this.known = true;
        this.log.log(`created the analytics database ${this.database}`);
      }
      const applied = await migrateAnalytics(this.analytics());
      if (applied.length) this.log.log(`${this.database}: migrations applied: ${applied.join(', ')}`);
      await this.closeAnalyticsDatabase(client);
    });
  }

  /**
   * In the analytics database nothing is writable by an analyst, whatever they SET: no CONNECT
   * or TEMPORARY for PUBLIC, no CREATE on its schema, and (as a superuser may) none of the
   * functions that would give an analyst's transaction an id or write a large object.
   */
  private async closeAnalyticsDatabase(client: Client): Promise<void> {
    const db = this.analytics();
    await client.query(`REVOKE ALL ON DATABASE ${ident(this.database)} FROM PUBLIC`);
    await sql`REVOKE CREATE ON SCHEMA public FROM PUBLIC`.execute(db);
    if (await this.isSuperuser()) {
      await sql`REVOKE EXECUTE ON FUNCTION pg_current_xact_id(), txid_current(), lo_create(oid), lo_creat(integer), lo_from_bytea(oid, bytea), lo_import(text), lo_import(text, oid) FROM PUBLIC`.execute(
        db,
      );
    } else {
      this.log.warn(
        `${this.database}: not a superuser, so analysts may still call pg_current_xact_id() and lo_create(); the watchdog ends such sessions (docs/security.md)`,
      );
    }
    await this.limitDatabaseConnections(client);
  }

  /** The analytics database takes the analysts' connections and a few of the product's, no more. */
  private async limitDatabaseConnections(client: Client): Promise<void> {
    const res = await sql<{ n: number }>`SELECT COALESCE(sum(connection_limit), 0)::int AS n FROM statistics_analysts`.execute(this.analytics());
    await client.query(`ALTER DATABASE ${ident(this.database)} CONNECTION LIMIT ${res.rows[0].n + 5}`);
  }

  /**
   * Gives one business's analyst a login to the analytics database, or changes an analyst's
   * business, password or limits. Answers the password when it made one.
   */
  async addAnalyst(
    role: string,
    businessId: string,
    options: { password?: string; limits?: Partial<AnalystLimits> } = {},
  ): Promise<{ role: string; businessId: string; password?: string; url: string }> {
    checkRoleName(role);
    const tenant = checkBusinessId(businessId);
    // A limit left out (undefined) keeps its default.
    const given = Object.fromEntries(Object.entries(options.limits ?? {}).filter(([, v]) => v !== undefined));
    const limits = checkLimits({ ...DEFAULT_LIMITS, ...given });
    const made = options.password === undefined ? newAnalystPassword() : undefined;
    const verifier = scramVerifier(options.password ?? made!);
    const business = await sql<{ n: number }>`SELECT count(*)::int AS n FROM business_accounts WHERE tenant_id = ${tenant}::uuid`.execute(this.product);
    if (!business.rows[0].n) throw new AnalystInputError(`No business has the id ${tenant}.`);
    await this.ensure();
    await this.underLock(async (client) => {
      const db = this.analytics();
      const existing = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      const bound = await sql<{ n: number }>`SELECT count(*)::int AS n FROM statistics_analysts WHERE role_name = ${role}`.execute(db);
      if (existing.rows.length && !bound.rows[0].n) {
        throw new AnalystInputError(`A role named ${role} exists already and is not an analyst of this installation: choose another name.`);
      }
      if (!existing.rows.length) await client.query(`CREATE ROLE ${ident(role)} LOGIN`);
      await sql`INSERT INTO statistics_analysts (role_name, tenant_id, connection_limit, statement_timeout_ms)
        VALUES (${role}, ${tenant}::uuid, ${limits.connections}, ${limits.statementTimeoutMs})
        ON CONFLICT (role_name) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, connection_limit = EXCLUDED.connection_limit,
          statement_timeout_ms = EXCLUDED.statement_timeout_ms`.execute(db);
      await this.confineRole(client, role, limits, verifier);
      await this.limitDatabaseConnections(client);
    });
    this.log.log(`analyst ${role} reads business ${tenant} in ${this.database}`);
    return { role, businessId: tenant, password: made, url: analystUrl(this.productUrl, role) };
  }

  /**
   * An analyst's role: a login to the analytics database alone, with a connection limit, a
   * statement timeout and sessions read-only by default; what cannot be written there (nothing
   * is granted but SELECT on the views) a SET cannot make writable. The timeouts are the role's
   * defaults, which the analyst may SET otherwise: the watchdog holds them anyway.
   */
  private async confineRole(client: Client, role: string, limits: AnalystLimits, verifier?: string): Promise<void> {
    const r = ident(role);
    const superuser = await this.isSuperuser();
    const attributes = superuser ? 'NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS' : '';
    await client.query(
      `ALTER ROLE ${r} WITH LOGIN INHERIT ${attributes} CONNECTION LIMIT ${limits.connections}${verifier ? ` PASSWORD ${literal(verifier)}` : ''}`,
    );
    await client.query(`GRANT tabour_analyst TO ${r}`);
    await client.query(`ALTER ROLE ${r} SET default_transaction_read_only = on`);
    await client.query(`ALTER ROLE ${r} SET statement_timeout = ${limits.statementTimeoutMs}`);
    await client.query(`ALTER ROLE ${r} SET idle_in_transaction_session_timeout = ${limits.statementTimeoutMs}`);
    await client.query(`GRANT CONNECT ON DATABASE ${ident(this.database)} TO ${r}`);
    await client.query(`REVOKE ALL ON DATABASE ${ident(this.productDatabase)} FROM ${r}`);
    if (superuser) {
      await client.query(`ALTER ROLE ${r} SET session_preload_libraries = ${literal(ELSEWHERE_REFUSAL)}`);
      await client.query(`ALTER ROLE ${r} IN DATABASE ${ident(this.database)} SET session_preload_libraries = ${literal(HARMLESS_LIBRARY)}`);
      // Sorts and hashes spill to disk up to this much per session, not until the disk is full.
      await client.query(`ALTER ROLE ${r} SET temp_file_limit = '1GB'`);
    }
  }

  /** Ends the analyst's sessions and removes the role. */
  async removeAnalyst(role: string): Promise<void> {
    checkRoleName(role);
    this.lookedAt = 0;
    if (!(await this.exists())) throw new AnalystInputError(`No analyst is named ${role}.`);
    await this.underLock(async (client) => {
      const db = this.analytics();
      const gone = await sql`DELETE FROM statistics_analysts WHERE role_name = ${role}`.execute(db);
      if (!Number(gone.numAffectedRows ?? 0)) throw new AnalystInputError(`No analyst is named ${role}.`);
      // No new session from here: the role can no longer log in, then its sessions end.
      await client.query(`ALTER ROLE ${ident(role)} NOLOGIN`);
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
      await client.query(`REVOKE ALL ON DATABASE ${ident(this.database)} FROM ${ident(role)}`);
      await client.query(`DROP ROLE ${ident(role)}`);
      await this.limitDatabaseConnections(client);
    });
    this.log.log(`analyst ${role} removed`);
  }

  async listAnalysts(): Promise<Analyst[]> {
    this.lookedAt = 0;
    if (!(await this.exists())) return [];
    const rows = await sql<{ role_name: string; tenant_id: string; connection_limit: number; statement_timeout_ms: number }>`
      SELECT role_name, tenant_id, connection_limit, statement_timeout_ms FROM statistics_analysts ORDER BY role_name`.execute(this.analytics());
    const sessions = await sql<{ role: string; n: number }>`
      SELECT usename AS role, count(*)::int AS n FROM pg_stat_activity WHERE usename = ANY(${rows.rows.map((r) => r.role_name)}::text[]) GROUP BY usename`.execute(
      this.product,
    );
    const count = new Map(sessions.rows.map((s) => [s.role, s.n]));
    return rows.rows.map((r) => ({
      role: r.role_name,
      businessId: r.tenant_id,
      connections: r.connection_limit,
      statementTimeoutMs: r.statement_timeout_ms,
      sessions: count.get(r.role_name) ?? 0,
    }));
  }

  /** Empties the analytics database's statistics and replays the product's log into them. */
  async rebuild(): Promise<void> {
    this.lookedAt = 0;
    if (!(await this.exists())) throw new AnalystInputError(`There is no analytics database yet (${this.database}): it is made with the first analyst.`);
    await resetMirror(this.analytics(), STATISTICS_TABLES);
    this.mirror.wake();
  }

  /**
   * The analysts an earlier version made read the product's own database: each is moved to the
   * analytics database with its password, bound to the same business, and confined as a new one.
   */
  async adoptLegacyAnalysts(): Promise<string[]> {
    const legacy = await sql<{ role_name: string; tenant_id: string }>`SELECT role_name, tenant_id FROM statistics_analysts`.execute(this.product);
    if (!legacy.rows.length) return [];
    await this.ensure();
    const moved: string[] = [];
    await this.underLock(async (client) => {
      for (const { role_name: role, tenant_id: tenant } of legacy.rows) {
        const found = await client.query<{ unsafe: boolean }>(
          'SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolreplication OR rolbypassrls AS unsafe FROM pg_roles WHERE rolname = $1',
          [role],
        );
        if (found.rows.length && !found.rows[0].unsafe) {
          await sql`INSERT INTO statistics_analysts (role_name, tenant_id) VALUES (${role}, ${tenant}::uuid)
            ON CONFLICT (role_name) DO UPDATE SET tenant_id = EXCLUDED.tenant_id`.execute(this.analytics());
          await this.confineRole(client, role, DEFAULT_LIMITS);
          // Its sessions in the product's database end now (the watchdog would end them anyway).
          await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND datname = $2', [role, this.productDatabase]);
          moved.push(role);
        } else if (found.rows.length) {
          this.log.warn(`${role} was bound as an analyst but holds other powers (superuser, CREATEROLE…): not moved, and no longer bound`);
        }
        await sql`DELETE FROM statistics_analysts WHERE role_name = ${role}`.execute(this.product);
      }
      await this.limitDatabaseConnections(client);
    });
    if (moved.length) this.log.log(`analysts moved to ${this.database}: ${moved.join(', ')}`);
    return moved;
  }

  private async watch(): Promise<number> {
    if (!(await this.exists())) return 0;
    try {
      return await watchAnalysts(this.product, this.analytics(), this.database, this.log);
    } catch (err) {
      // Dropped by the operator: looked for again, as before the first analyst.
      if ((err as { code?: string }).code === '3D000') {
        this.known = false;
        return 0;
      }
      throw err;
    }
  }
}
