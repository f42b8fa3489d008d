/** How each trigger operator reads, beside its name. */
export const OPERATOR_SIGN: Record<string, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=' };
