import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PUBLIC_EVENT_TYPES } from '@tabour/contracts';
import { publicSchemaFiles } from './json-schemas';

const root = path.join(__dirname, '..', '..', '..');

describe('the published JSON Schema files', () => {
  it('are what npm run schemas writes from the contract (run it after changing a public event)', () => {
    // Prettier formats them, and loads as ES modules, which the test runner does not: a child process checks.
    const out = execFileSync(process.execPath, ['-r', '@swc-node/register', 'scripts/schemas.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/\d+ schema files up to date/);
  }, 30_000);

  it('cover every public type and the envelope', () => {
    const names = Object.keys(publicSchemaFiles());
    for (const type of PUBLIC_EVENT_TYPES) expect(names).toContain(`${type}.v1.json`);
    expect(names).toEqual(expect.arrayContaining(['envelope.json', 'index.json']));
  });
});
