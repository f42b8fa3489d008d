/** What the bench asks of its client process, and what it answers (bench/load/agents.ts). */

export interface Agent {
  token: string;
  path: string;
  body?: unknown;
  /** One body a round, where each call is another record (a booking's place); else `body` every round. */
  bodies?: unknown[];
}

export type LoadOp =
  | {
      op: 'concurrent';
      base: string;
      method: string;
      path: string;
      token: string;
      body?: unknown;
      bodies?: unknown[];
      total: number;
      workers: number;
      keepAnswers?: boolean;
    }
  | { op: 'paced'; base: string; method: 'GET' | 'POST' | 'PUT'; agents: Agent[]; rounds: number; paceMs: number }
  | { op: 'burst'; base: string; agents: Agent[]; rounds: number; gapMs: number }
  | { op: 'flatOut'; base: string; agents: Agent[]; rounds: number };

export interface LoadReply {
  /** Milliseconds per call (for flatOut: one figure, the whole run). */
  times: number[];
  /** The ticket each call next answered (null when it found nobody). */
  ids: (string | null)[];
  answers: unknown[];
  /** For paced calls: when each call was sent (epoch ms), in the order of `times` and `ids`. */
  starts?: number[];
}

export interface LoadRequest {
  id: number;
  op: LoadOp;
}
