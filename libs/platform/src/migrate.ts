import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Kysely, Migration, MigrationProvider, Migrator } from 'kysely';

/** Migrations are .ts files in development and .js once built; the name drops the extension. */
class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(this.folder)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
    const out: Record<string, Migration> = {};
    for (const file of files) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folder's migrations are only known at run time
      const mod = require(path.join(this.folder, file));
      out[file.replace(/\.(ts|js)$/, '')] = mod;
    }
    return out;
  }
}

export function migrationsFolder(): string {
  // libs/platform/src -> <root>/migrations, in both the source tree and dist/.
  return path.resolve(__dirname, '../../../migrations');
}

// Kysely's Migrator takes any database's Kysely<any>; no table type of ours applies to it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, folder = migrationsFolder()): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(folder) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
