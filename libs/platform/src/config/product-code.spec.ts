import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const CONFIG_MODULE = path.join(root, 'libs/platform/src/config');
/** Tests and their helpers may set up their own environment; the product reads only its configuration. */
const TEST_FILE = /\.(spec|int|e2e|test)\.tsx?$|(^|\/)(testing|test-support)\.ts$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === CONFIG_MODULE || entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !TEST_FILE.test(full) ? [full] : [];
  });
}

describe('product code', () => {
  it('reads the environment only through the configuration module (libs/platform/src/config)', () => {
    const libs = readdirSync(path.join(root, 'libs')).map((lib) => path.join(root, 'libs', lib, 'src'));
    const files = [path.join(root, 'apps/api/src'), path.join(root, 'scripts'), ...libs].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const readers = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/process\.env\b/.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(readers).toEqual([]);
  });
});
