/**
 * A TCP relay on 127.0.0.1 in front of a database server of the machine: it passes every byte on and
 * records each connection it accepted with the first bytes the client sent on it, so tests can count
 * the connections (and TLS requests) a data source opens. With `rewriteFirst`, the first bytes of each
 * connection are replaced before they go on (an endpoint that answers one connection differently from
 * the next: `switchPostgresDatabase` below). `freeze()` turns it into a network that stopped answering:
 * nothing is passed on any more, new connections are accepted and held, and `openAwaitingAnswer()` tells
 * how many of the connections that were waiting for the server's answer then (a statement running) are
 * still open on the client's side.
 */
import net from 'node:net';

export interface TcpRelay {
  /** The data source URL with its host and port replaced by the relay's. */
  url: string;
  /** The first chunk the client sent on each accepted connection, in order. */
  firstChunks: Buffer[];
  /** Connections accepted so far. */
  accepted(): number;
  /** From now on passes nothing on: bytes on open connections are dropped, new connections are held unanswered. */
  freeze(): void;
  /**
   * Connections that were waiting for the server's answer at the freeze (the client spoke last, or the server's
   * last bytes were not a PostgreSQL ReadyForQuery: a statement still running) and that the client has not closed yet.
   */
  openAwaitingAnswer(): number;
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
  let frozen = false;
  /**
   * Each relayed connection: its two sockets, who sent the last bytes, and whether the server's last bytes
   * ended with PostgreSQL's ReadyForQuery (`Z`, length 5, a status byte): a server that answered part of a
   * statement (ParseComplete, BindComplete…) and still runs it spoke last but is not idle.
   */
  const pairs: { socket: net.Socket; upstream: net.Socket; spokeLast: 'client' | 'server'; serverIdle: boolean }[] = [];
  const awaitingAtFreeze = new Set<net.Socket>();
  const relay = net.createServer((socket) => {
    accepted++;
    sockets.push(socket);
    socket.on('error', () => {});
    if (frozen) return; // held: accepted, never answered
    const upstream = net.connect(Number(server.port || defaultPort), server.hostname);
    sockets.push(upstream);
    const pair = { socket, upstream, spokeLast: 'client' as 'client' | 'server', serverIdle: false };
    pairs.push(pair);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    socket.on('data', () => void (pair.spokeLast = 'client'));
    upstream.on('data', (chunk: Buffer) => {
      pair.spokeLast = 'server';
      pair.serverIdle = chunk.length >= 6 && chunk[chunk.length - 6] === 0x5a && chunk.readInt32BE(chunk.length - 5) === 5;
    });
    socket.once('close', () => awaitingAtFreeze.delete(socket));
    socket.once('data', (first: Buffer) => {
      if (frozen) return;
      firstChunks.push(first);
      upstream.write(options.rewriteFirst ? options.rewriteFirst(first) : first);
      socket.pipe(upstream);
    });
    upstream.pipe(socket);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayedUrl = new URL(url);
  relayedUrl.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  return {
    url: relayedUrl.toString(),
    firstChunks,
    accepted: () => accepted,
    freeze: () => {
      frozen = true;
      for (const { socket, upstream, spokeLast, serverIdle } of pairs) {
        // what still arrives from either side is dropped (the 'data' listeners keep both flowing)
        socket.unpipe(upstream);
        upstream.unpipe(socket);
        if ((spokeLast === 'client' || !serverIdle) && !socket.destroyed) awaitingAtFreeze.add(socket);
      }
    },
    openAwaitingAnswer: () => awaitingAtFreeze.size,
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
