/**
 * A throttling TCP proxy on 127.0.0.1 for the `--link` case: each direction is a link of the given
 * bandwidth (a FIFO: a chunk leaves when the link has finished sending the previous ones) plus a
 * fixed one-way latency. Backpressure: the sending socket is paused while more than ~1 s of traffic
 * is queued. Counts the bytes each direction carried.
 */
import net from 'node:net';
import type { LinkSpec } from './args.js';

export interface ThrottlingProxy {
  port: number;
  bytesFromServer: number;
  bytesToServer: number;
  close(): Promise<void>;
}

function throttledPipe(from: net.Socket, to: net.Socket, link: LinkSpec, count: (n: number) => void): void {
  let busyUntil = 0;
  let queued = 0;
  const maxQueued = Math.max(64 * 1024, link.bytesPerSecond);
  from.on('data', (chunk: Buffer) => {
    count(chunk.length);
    const now = performance.now();
    busyUntil = Math.max(now, busyUntil) + (chunk.length / link.bytesPerSecond) * 1000;
    const deliverAt = busyUntil + link.latencyMs;
    queued += chunk.length;
    if (queued > maxQueued) from.pause();
    setTimeout(() => {
      queued -= chunk.length;
      if (!to.destroyed) to.write(chunk);
      if (queued <= maxQueued / 2 && from.isPaused()) from.resume();
    }, deliverAt - now);
  });
  from.on('end', () => {
    setTimeout(() => to.end(), Math.max(0, busyUntil - performance.now()) + link.latencyMs);
  });
}

export async function startThrottlingProxy(target: { host: string; port: number }, link: LinkSpec): Promise<ThrottlingProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: ThrottlingProxy = {
    port: 0,
    bytesFromServer: 0,
    bytesToServer: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((client) => {
    client.setNoDelay(true);
    const upstream = net.connect({ host: target.host, port: target.port });
    upstream.setNoDelay(true);
    sockets.add(client).add(upstream);
    const cleanup = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', cleanup).on('close', cleanup);
    upstream.on('error', cleanup).on('close', cleanup);
    throttledPipe(client, upstream, link, (n) => (proxy.bytesToServer += n));
    throttledPipe(upstream, client, link, (n) => (proxy.bytesFromServer += n));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as net.AddressInfo).port;
  return proxy;
}
