/** The rules' order and form rules: pure, tested without a browser. */
import type { Rule } from '@tabour/contracts';

/** The list with one item moved by `delta` places (up is -1); out of bounds leaves it as it was. */
export function moved<T>(items: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item);
  return out;
}

/** The rules in the order they are matched (the API's position), ties by name. */
export function inOrder<T extends Pick<Rule, 'position' | 'name'>>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

/** A custom time frame needs both dates, the end not before the start. */
export function timeFrameError(values: Partial<Pick<Rule, 'time_frame' | 'starts_on' | 'ends_on'>>): 'required' | 'end_before_start' | null {
  if (values.time_frame !== 'custom') return null;
  if (!values.starts_on || !values.ends_on) return 'required';
  return values.ends_on < values.starts_on ? 'end_before_start' : null;
}

/** What the form sends: dates only with a custom time frame. */
export function ruleBody(values: Record<string, unknown>): Record<string, unknown> {
  const custom = values.time_frame === 'custom';
  return { ...values, starts_on: custom ? (values.starts_on ?? null) : null, ends_on: custom ? (values.ends_on ?? null) : null };
}
