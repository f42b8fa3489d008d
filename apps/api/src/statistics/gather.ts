/**
 * How long the figures and the report triggers wait after a wake for the appends behind it. A
 * figure a quarter of a second late is not seen on a dashboard; a busy queue's batches are then
 * one per quarter second, not one per call (each a transaction of half a dozen statements beside
 * the calls themselves).
 */
export const STATISTICS_GATHER_MS = 250;
