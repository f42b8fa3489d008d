import { VARIABLES } from './variables';

export const CONFIG_TABLE_START = '<!-- The table is written by `npm run config:table` from libs/platform/src/config/variables.ts: change it there. -->';
export const CONFIG_TABLE_END = '<!-- End of the configuration table. -->';

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The README's configuration table, one row per variable in the table's order. */
export function configTable(): string {
  const rows = Object.entries(VARIABLES).map(([name, v]) => `| \`${name}\` | ${cell(v.shown)} | ${cell(v.accepts)} | ${cell(v.meaning)} |`);
  return ['| variable | default | accepts | meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** `readme` with the text between the table's markers replaced by the table. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`the README has no configuration table between "${CONFIG_TABLE_START}" and "${CONFIG_TABLE_END}"`);
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n\n${configTable()}\n\n${readme.slice(end)}`;
}
