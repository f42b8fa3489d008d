import { io, Socket } from 'socket.io-client';

/** socket.io clients of the broadcast channel for a test, all closed by `closeAll`. */
export function socketClients(url: () => string) {
  const sockets: Socket[] = [];
  return {
    connect: (token?: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(url(), { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      }),
    closeAll: () => sockets.forEach((s) => s.close()),
  };
}
