import { AnalystInputError } from './names';

/**
 * What an analyst's role may do, and the quoting of names and values into the role statements
 * PostgreSQL takes no parameters for (CREATE ROLE, ALTER ROLE): the keeper's vocabulary for
 * its analysts, apart from the keeping itself.
 */
export interface AnalystLimits {
  /** Sessions at once (the role's CONNECTION LIMIT). */
  connections: number;
  /** How long one statement, or one open transaction, may last. */
  statementTimeoutMs: number;
}

export const DEFAULT_LIMITS: AnalystLimits = { connections: 3, statementTimeoutMs: 60_000 };

export interface Analyst {
  role: string;
  businessId: string;
  connections: number;
  statementTimeoutMs: number;
  sessions: number;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

export function checkLimits(limits: AnalystLimits): AnalystLimits {
  if (!Number.isInteger(limits.connections) || limits.connections < 1 || limits.connections > 50) {
    throw new AnalystInputError('An analyst may have from 1 to 50 connections at once.');
  }
  if (!Number.isInteger(limits.statementTimeoutMs) || limits.statementTimeoutMs < 1000 || limits.statementTimeoutMs > 3_600_000) {
    throw new AnalystInputError('An analyst statement timeout is from 1,000 ms to 3,600,000 ms (an hour).');
  }
  return limits;
}
