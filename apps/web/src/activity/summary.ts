/** A short line of what changed, for the log: the server's summary, else the event's first plain fields. */
export function summary(item: { data_summary?: string | null; data?: unknown }): string {
  if (item.data_summary) return item.data_summary;
  if (!item.data || typeof item.data !== 'object') return '';
  return (
    Object.entries(item.data as Record<string, unknown>)
      // Ids repeat the record column; nested values do not fit one line.
      .filter(([k, v]) => v !== null && v !== undefined && typeof v !== 'object' && k !== 'id' && !k.endsWith('_id'))
      .slice(0, 3)
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join(', ')
  );
}
