/**
 * ssl-mode=PREFERRED against a server without TLS, on the first connection: mysql2 reads the server's
 * greeting, finds no TLS in it and fails the connection (HANDSHAKE_NO_SSL_SUPPORT), so the fall back to
 * plain text cost a second TCP connection and server thread (7 ms here, a few round trips on a real
 * link). The socket is made here instead (mysql2's `stream` option, with mysql2's own settings), and
 * the greeting is read before mysql2 reads it: where it offers no TLS, the connection's settings (a
 * copy of the pool's, one per connection) drop TLS, so mysql2 goes on in plain text on this socket, as
 * the mysql client does. Only for PREFERRED: a mode that requires TLS never goes out in plain text.
 */
import net from 'node:net';

/** The part of mysql2's settings for one connection that its socket is made from. */
interface SocketSettings {
  host?: string;
  port?: number;
  socketPath?: string;
  enableKeepAlive?: boolean;
  keepAliveInitialDelay?: number;
  ssl?: unknown;
}

/** The greeting's capability flag for TLS (CLIENT_SSL). */
const CLIENT_SSL = 0x0800;

/**
 * False when the first bytes of a connection are a greeting (protocol 10) whose capabilities lack TLS;
 * true when they offer it, and for anything else (an error packet, a greeting cut short): mysql2 then
 * answers as it always does.
 */
export function greetingOffersTls(first: Buffer): boolean {
  // 4 bytes of packet header, then the protocol version, the server's version ending in NUL, the
  // connection id (4), the first 8 bytes of the scramble, a filler byte and the low capability flags (2).
  if (first.length < 5 || first[4] !== 10) return true;
  const versionEnd = first.indexOf(0, 5);
  const flags = versionEnd + 1 + 4 + 8 + 1;
  if (versionEnd < 0 || first.length < flags + 2) return true;
  return (first.readUInt16LE(flags) & CLIENT_SSL) !== 0;
}

/** mysql2's `stream` factory for a PREFERRED data source: `onRefused` is told when a server offers no TLS. */
export function preferredTlsSocket(onRefused: () => void): (options: { config: SocketSettings }) => net.Socket {
  return ({ config }) => {
    // As mysql2 makes its own: a Unix socket, or TCP without Nagle's delay and with keep-alive.
    const socket = config.socketPath ? net.connect(config.socketPath) : net.connect(config.port ?? 3306, config.host ?? 'localhost');
    if (!config.socketPath) {
      socket.setNoDelay(true);
      if (config.enableKeepAlive !== false) socket.on('connect', () => socket.setKeepAlive(true, config.keepAliveInitialDelay));
    }
    // Before mysql2's own listener, which is added after this returns.
    socket.once('data', (first: Buffer) => {
      if (!config.ssl || greetingOffersTls(first)) return;
      config.ssl = undefined;
      onRefused();
    });
    return socket;
  };
}
