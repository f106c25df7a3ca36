/**
 * A TCP relay on 127.0.0.1 in front of a database server of the machine: it passes every byte on and
 * records each connection it accepted with the first bytes the client sent on it, so tests can count
 * the connections (and TLS requests) a data source opens. With `rewriteFirst`, the first bytes of each
 * connection are replaced before they go on (an endpoint that answers one connection differently from
 * the next: `switchPostgresDatabase` below).
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

export interface RelayOptions {
  /** The bytes sent on instead of a connection's first chunk (return it unchanged to pass it on). */
  rewriteFirst?: (first: Buffer) => Buffer;
}

export async function startTcpRelay(url: string, defaultPort: number, options: RelayOptions = {}): Promise<TcpRelay> {
  const server = new URL(url);
  const sockets: net.Socket[] = [];
  const firstChunks: Buffer[] = [];
  let accepted = 0;
  const relay = net.createServer((socket) => {
    accepted++;
    sockets.push(socket);
    const upstream = net.connect(Number(server.port || defaultPort), server.hostname);
    sockets.push(upstream);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      firstChunks.push(first);
      upstream.write(options.rewriteFirst ? options.rewriteFirst(first) : first);
      socket.pipe(upstream);
    });
    upstream.pipe(socket);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(url);
  relayed.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  return {
    url: relayed.toString(),
    firstChunks,
    accepted: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

/** The parameters of a PostgreSQL StartupMessage (protocol 3.0), or undefined for another first packet (an SSLRequest…). */
export function postgresStartup(packet: Buffer): Map<string, string> | undefined {
  if (packet.length < 8 || packet.readInt32BE(0) !== packet.length || packet.readInt32BE(4) !== 196_608) return undefined;
  const parts = packet.subarray(8, packet.length - 1).toString('utf8').split('\0');
  const parameters = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length; i += 2) parameters.set(parts[i]!, parts[i + 1]!);
  return parameters;
}

/**
 * A `rewriteFirst` that sends the PostgreSQL sessions `when` picks (by their startup parameters) to
 * `database` instead of the one the client asked for; `switched` counts them.
 */
export function switchPostgresDatabase(database: string, when: (parameters: Map<string, string>) => boolean): { rewriteFirst: (first: Buffer) => Buffer; switched(): number } {
  let switched = 0;
  return {
    switched: () => switched,
    rewriteFirst: (first) => {
      const parameters = postgresStartup(first);
      if (!parameters || !when(parameters)) return first;
      switched++;
      parameters.set('database', database);
      const body = Buffer.from([...parameters].map(([name, value]) => `${name}\0${value}\0`).join('') + '\0', 'utf8');
      const header = Buffer.alloc(8);
      header.writeInt32BE(8 + body.length, 0);
      header.writeInt32BE(196_608, 4);
      return Buffer.concat([header, body]);
    },
  };
}
