/**
 * npm run schemas: writes the public events' JSON Schema files (docs/integrations/schemas) from
 * the contract's zod schemas, formatted as the repository formats JSON. With --check it writes
 * nothing and fails while the checked-in files differ (libs/integrations/src/json-schemas.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { publicSchemaFiles } from '@tabour/integrations';

export const SCHEMAS_DIR = path.join(__dirname, '..', 'docs', 'integrations', 'schemas');

/** The files as they should be on disk, by name. */
export async function expectedSchemaFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, content] of Object.entries(publicSchemaFiles())) {
    const filepath = path.join(SCHEMAS_DIR, name);
    out[name] = await format(content, { ...(await resolveConfig(filepath)), filepath });
  }
  return out;
}

async function main(): Promise<void> {
  mkdirSync(SCHEMAS_DIR, { recursive: true });
  const files = await expectedSchemaFiles();
  if (process.argv.includes('--check')) {
    const onDisk = readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.json'));
    const stale = [
      ...Object.entries(files)
        .filter(([name, content]) => !onDisk.includes(name) || readFileSync(path.join(SCHEMAS_DIR, name), 'utf8') !== content)
        .map(([name]) => name),
      ...onDisk.filter((name) => !(name in files)),
    ];
    if (stale.length) throw new Error(`stale schema files (run npm run schemas): ${stale.join(', ')}`);
    console.log(`${Object.keys(files).length} schema files up to date`);
    return;
  }
  // A type or version is never unpublished, but a file left from a rename would mislead.
  for (const old of readdirSync(SCHEMAS_DIR)) if (old.endsWith('.json') && !(old in files)) rmSync(path.join(SCHEMAS_DIR, old));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(SCHEMAS_DIR, name), content);
  console.log(`wrote ${Object.keys(files).length} schema files to ${path.relative(process.cwd(), SCHEMAS_DIR)}`);
}

if (require.main === module)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
