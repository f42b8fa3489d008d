import { ChildProcess, fork } from 'node:child_process';
import * as path from 'node:path';
import type { LoadOp, LoadReply } from './protocol';

export interface LoadClient {
  run(op: LoadOp): Promise<LoadReply>;
  close(): Promise<void>;
}

/** Starts the bench's client process (bench/load/agents.ts) and waits until it listens. */
export async function startLoadClient(): Promise<LoadClient> {
  const child: ChildProcess = fork(path.join(__dirname, 'agents.ts'), [], {
    execArgv: ['-r', '@swc-node/register'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (r: LoadReply) => void; reject: (e: Error) => void }>();
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bench's client process exited (${code}) before it started`)));
    child.once('message', () => resolve());
  });
  child.on('message', (m: { id?: number; reply?: LoadReply; error?: string }) => {
    const w = m.id === undefined ? undefined : waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id!);
    if (m.error !== undefined) w.reject(new Error(m.error));
    else w.resolve(m.reply!);
  });
  child.on('exit', () => {
    for (const w of waiting.values()) w.reject(new Error("the bench's client process exited"));
    waiting.clear();
  });
  return {
    run(op) {
      return new Promise<LoadReply>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        child.send({ id, op });
      });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill();
      await exited;
    },
  };
}
