import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface HttpDrain {
  /** Requests whose answer has not been sent yet. */
  readonly inFlight: number;
  /**
   * Stops taking connections, answers what is in flight, then closes every connection; after
   * `timeoutMs` whatever is still open is cut. Says whether everything finished in time.
   */
  close(timeoutMs: number): Promise<{ finished: boolean; ms: number; cut: number }>;
}

/**
 * Follows an HTTP server's requests from its start, so that a stop can tell the idle keep-alive
 * connections (closed at once) from those with a request under way (answered first, then closed
 * by `Connection: close` on their answer).
 */
export function trackRequests(server: Server): HttpDrain {
  const busy = new Map<Socket, number>();
  let closing = false;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) busy.set(socket, left);
      else busy.delete(socket);
      // Its answer sent, a kept-alive connection is idle: during a stop it goes now.
      if (closing && left <= 0) socket.end();
    });
  });
  const inFlight = () => [...busy.values()].reduce((a, b) => a + b, 0);
  return {
    get inFlight() {
      return inFlight();
    },
    close(timeoutMs) {
      const started = Date.now();
      closing = true;
      return new Promise((resolve) => {
        let done = false;
        const finish = (finished: boolean, cut: number) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve({ finished, ms: Date.now() - started, cut });
        };
        const timer = setTimeout(() => {
          const cut = inFlight();
          server.closeAllConnections();
          finish(false, cut);
        }, timeoutMs);
        // close() stops listening and ends the idle connections; its callback comes once the last one ended.
        server.close(() => finish(true, 0));
        server.closeIdleConnections();
      });
    },
  };
}
