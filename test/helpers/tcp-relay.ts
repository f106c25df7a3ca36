/**
 * A TCP relay on 127.0.0.1 in front of a database server of the machine: it passes every byte on and
 * records each connection it accepted with the first bytes the client sent on it, so tests can count
 * the connections (and TLS requests) a data source opens.
 */
import net from 'node:net';

export interface TcpRelay {
  /** The data source URL with its host and port replaced by the relay's. */
  url: string;
  /** The first chunk the client sent on each accepted connection, in order. */
  firstChunks: Buffer[];
  /** Connections accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

export async function startTcpRelay(url: string, defaultPort: number): Promise<TcpRelay> {
  const server = new URL(url);
  const sockets: net.Socket[] = [];
  const firstChunks: Buffer[] = [];
  const relay = net.createServer((socket) => {
    sockets.push(socket);
    socket.once('data', (first: Buffer) => void firstChunks.push(first));
    const upstream = net.connect(Number(server.port || defaultPort), server.hostname);
    sockets.push(upstream);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(url);
  relayed.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  return {
    url: relayed.toString(),
    firstChunks,
    accepted: () => sockets.length / 2,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}
