import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { keepsReadTables } from '@tabour/eventstore';
import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { createTestApp } from './support/app';

/**
 * The projections each test file hands to `projectionSpecification`, by their names: every file
 * that calls it is loaded with the helper replaced by one that records the projection, and with
 * the runner's functions run at once (describe) or not at all (tests and hooks), so whatever the
 * file computes its projection from (a factory, a wrapper) is what is recorded.
 */
function specifiedProjections(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.int.ts') && f !== basename(__filename))
    .filter((f) => readFileSync(join(__dirname, f), 'utf8').includes('projectionSpecification('));
  const nothing = () => undefined;
  const tests = Object.assign(nothing, { skip: nothing, only: nothing, todo: nothing, each: () => nothing });
  const run = (_name: string, body: () => void) => body();
  const suites = Object.assign(run, { skip: nothing, only: run, each: () => nothing });
  const runner = { describe: suites, it: tests, test: tests, beforeAll: nothing, afterAll: nothing, beforeEach: nothing, afterEach: nothing };
  const global = globalThis as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(runner).map((k) => [k, global[k]]));
  jest.isolateModules(() => {
    jest.doMock('./support/projection-spec', () => ({
      projectionSpecification: (projection: { name: string }) => {
        names.add(projection.name);
        return { given: () => ({ when: () => ({ then: nothing, thenFails: nothing }) }) };
      },
    }));
    Object.assign(global, runner);
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files are only known at run time
      for (const f of files) require(join(__dirname, f));
    } finally {
      Object.assign(global, saved);
      jest.dontMock('./support/projection-spec');
    }
  });
  return names;
}

describe('projection specifications', () => {
  it('cover every registered projection that keeps read tables', async () => {
    const specified = specifiedProjections();
    const app = await createTestApp({ EVENTING_AUTOSTART: 'false' });
    try {
      const registered = app.app.get(ProjectionRegistry).projections();
      // Guards, key stores and erasures keep no read tables of their own: their rows are no read model to specify.
      const readModels = registered.filter((p) => keepsReadTables(p.projection)).map((p) => p.projection.name);
      expect(readModels.length).toBeGreaterThan(30);
      expect(readModels.filter((name) => !specified.has(name))).toEqual([]);
      // A specification of a projection no longer registered (renamed, dropped) is caught too.
      const names = new Set(registered.map((p) => p.projection.name));
      expect([...specified].filter((name) => !names.has(name))).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);
});
