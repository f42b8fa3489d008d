/**
 * npm run config:table: writes the README's configuration table from the variables' table
 * (libs/platform/src/config/variables.ts). With --check it writes nothing and fails while the
 * README differs (libs/platform/src/config/readme.spec.ts checks the same).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withConfigTable } from '@tabour/platform';

const README = path.join(__dirname, '..', 'README.md');

function main(): number {
  const before = readFileSync(README, 'utf8');
  const after = withConfigTable(before);
  if (process.argv.includes('--check')) {
    if (after !== before) {
      console.error("the README's configuration table is stale: run npm run config:table");
      return 1;
    }
    console.log("the README's configuration table is up to date");
    return 0;
  }
  if (after !== before) writeFileSync(README, after);
  console.log(after === before ? "the README's configuration table was up to date" : "wrote the README's configuration table");
  return 0;
}

process.exit(main());
