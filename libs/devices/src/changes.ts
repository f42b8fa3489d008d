/** The settings an update names whose checked value differs from the current one: only those become part of the fact. */
export function changedSettings<S extends object>(given: Partial<S>, next: S, current: S): Partial<S> {
  return Object.fromEntries(
    (Object.keys(given) as (keyof S)[]).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(current[k])).map((k) => [k, next[k]]),
  ) as Partial<S>;
}
