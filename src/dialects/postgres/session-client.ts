/**
 * The pg client every PostgreSQL session of a data source is made with (the pool's `Client`):
 * - It records the DateStyle its session started with (the server reports it once connected): dates
 *   are written the ISO way in every session (a date's canonical text is its `::text`, 3× cheaper than
 *   to_char: compiler.ts `dateText`). Where the server's, the database's or the role's style is another,
 *   the connection sets the output style alone (`SET DateStyle = ISO`): a startup `-c DateStyle=ISO`
 *   would replace the role's or database's day/month order too, and a filter's '05/03/2024' would
 *   change meaning.
 * - With `sslmode=prefer` or `allow` (`plainWhenRefused`), a server that answers the TLS request with
 *   "no" is spoken to in plain text on the same socket, as libpq does. node-pg would end that socket
 *   and fail; reconnecting cost a second TCP connection and a second server process for every session
 *   (11–17 ms each on this machine, a round trip more on a real link). The first refusal is remembered
 *   (`TlsRefusal`), so the data source's later sessions skip the request.
 */
import type { Socket } from 'node:net';
import pg from 'pg';

/** Shared by one data source's sessions: whether its server answered the TLS request with "no". */
export interface TlsRefusal {
  refused: boolean;
}

export interface SessionClientConfig extends pg.ClientConfig {
  /** sslmode=prefer/allow: go on in plain text when the server offers no TLS (`refusal` records it). */
  plainWhenRefused?: TlsRefusal;
}

/** The parts of node-pg's (untyped) Connection this client works with. */
interface PgConnection extends NodeJS.EventEmitter {
  stream: Socket;
  ssl: unknown;
  sslNegotiation?: string;
  connect(port: number | string, host?: string): void;
  attachListeners(stream: Socket): void;
}

/** The one byte a server without TLS answers the SSLRequest with. */
const NO_TLS = 0x4e; // 'N'

export class SessionClient extends pg.Client {
  dateStyle: string | undefined;
  constructor(config: SessionClientConfig = {}) {
    const { plainWhenRefused, ...rest } = config;
    super(plainWhenRefused?.refused ? { ...rest, ssl: false } : rest);
    const connection = (this as unknown as { connection: PgConnection }).connection;
    connection.on('parameterStatus', (message: { parameterName?: string; parameterValue?: string }) => {
      if (message.parameterName === 'DateStyle') this.dateStyle = message.parameterValue;
    });
    if (plainWhenRefused && !plainWhenRefused.refused && rest.ssl) goOnPlainWhenRefused(connection, plainWhenRefused);
  }
}

/**
 * node-pg's `connect` sends the SSLRequest and waits for the answer with one `once('data')` listener:
 * that listener is swapped for one that, on a lone "N", hands the same socket to the protocol parser
 * and lets the client send its startup message (what node-pg does after a TLS handshake, less the
 * handshake). Any other answer goes to node-pg's listener unchanged. Where the socket's listeners are
 * not laid out as expected (another node-pg), nothing is swapped and node-pg's own error stands (the
 * connection then falls back to a plain pool, connection.ts `fallBackToPlain`).
 */
function goOnPlainWhenRefused(connection: PgConnection, refusal: TlsRefusal): void {
  const connect = connection.connect;
  connection.connect = function (this: PgConnection, port, host) {
    connect.call(this, port, host);
    if (!this.ssl || (this.sslNegotiation ?? 'postgres') !== 'postgres') return;
    const stream = this.stream;
    const listeners = stream.listeners('data');
    if (listeners.length !== 1) return;
    const answer = listeners[0] as (buffer: Buffer) => void;
    stream.removeListener('data', answer);
    stream.once('data', (buffer: Buffer) => {
      if (buffer.length !== 1 || buffer[0] !== NO_TLS) return answer.call(stream, buffer);
      refusal.refused = true;
      this.attachListeners(stream);
      this.emit('sslconnect');
    });
  };
}
