/**
 * Counts the bytes every TCP socket of this process received and sent, by remote port: installed in
 * each contender's child process before it connects, so rows and bytes moved from each database are
 * measured at the socket level whatever the driver.
 */
import net from 'node:net';

const sockets: { port: number; socket: net.Socket }[] = [];

export function installSocketMeter(): void {
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = Array.isArray(first) ? first[0] : first;
    const port = typeof options === 'object' && options !== null ? Number((options as { port?: unknown }).port) : Number(options);
    sockets.push({ port, socket: this });
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
}

/** Bytes received from (and sent to) sockets connected to `port`. */
export function bytesForPort(port: number): { received: number; sent: number } {
  let received = 0;
  let sent = 0;
  for (const entry of sockets) {
    if (entry.port !== port) continue;
    received += entry.socket.bytesRead;
    sent += entry.socket.bytesWritten;
  }
  return { received, sent };
}
