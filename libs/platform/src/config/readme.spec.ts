import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CONFIG_TABLE_END, CONFIG_TABLE_START, configTable, VARIABLES } from '.';

const README = path.resolve(__dirname, '../../../../README.md');

/** The README's configuration rows by variable: [default, accepts, meaning]. */
function readmeRows(): Record<string, [string, string, string]> {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf(CONFIG_TABLE_START);
  const end = text.indexOf(CONFIG_TABLE_END);
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  const rows: Record<string, [string, string, string]> = {};
  for (const line of text.slice(start, end).split('\n')) {
    const cells = line.match(/^\| `([A-Z][A-Z0-9_]*)` \| (.*?) \| (.*?) \| (.*) \|$/);
    if (cells) rows[cells[1]] = [cells[2], cells[3], cells[4]];
  }
  return rows;
}

describe("the README's configuration table (npm run config:table writes it)", () => {
  it('names every variable the configuration reads, no other, with its default, what it accepts and its meaning', () => {
    const expected = Object.fromEntries(Object.entries(VARIABLES).map(([name, v]) => [name, [v.shown, v.accepts, v.meaning]]));
    expect(readmeRows()).toEqual(expected);
  });

  it('is the table as written, in its order', () => {
    const text = readFileSync(README, 'utf8');
    expect(text.slice(text.indexOf(CONFIG_TABLE_START) + CONFIG_TABLE_START.length, text.indexOf(CONFIG_TABLE_END)).trim()).toBe(configTable());
  });
});
