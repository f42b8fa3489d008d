/** Whole days and hours left until `endsAt` (never below zero); null when there is no end. */
export function countdown(endsAt: string | null | undefined, now: Date = new Date()): { days: number; hours: number } | null {
  if (!endsAt) return null;
  const ms = new Date(endsAt).getTime() - now.getTime();
  if (!Number.isFinite(ms)) return null;
  const hoursLeft = Math.max(0, Math.floor(ms / 3_600_000));
  return { days: Math.floor(hoursLeft / 24), hours: hoursLeft % 24 };
}
