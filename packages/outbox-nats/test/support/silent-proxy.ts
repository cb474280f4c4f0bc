import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy in front of a NATS server that can fall silent: connections stay open (and new ones
 * are accepted) but no byte goes through either way, as behind a firewall that drops packets.
 */
export type SilentProxy = {
  /** `nats://127.0.0.1:<port>` of the proxy. */
  readonly url: string;
  readonly fallSilent: () => void;
  readonly close: () => Promise<void>;
};

export const startSilentProxy = async (natsUrl: string): Promise<SilentProxy> => {
  const target = new URL(natsUrl);
  let silent = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 4222), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      if (!silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    url: `nats://127.0.0.1:${address.port}`,
    fallSilent: () => {
      silent = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
