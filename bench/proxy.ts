/**
 * A throttling TCP proxy on 127.0.0.1 for the `--link` case: the network link of the machine running
 * the comparison, shared by every connection through it (both databases): each direction carries
 * `bytesPerSecond` (a chunk leaves when the link has finished sending the previous ones) plus a fixed
 * one-way latency. Backpressure: a sending socket is paused while more than ~1 s of its traffic is
 * queued. Counts the bytes each direction carried.
 */
import net from 'node:net';
import type { LinkSpec } from './args.js';

/** One link, shared by all proxies given it: when each direction is busy until. */
export interface SharedLink {
  spec: LinkSpec;
  down: { busyUntil: number };
  up: { busyUntil: number };
}

export function sharedLink(spec: LinkSpec): SharedLink {
  return { spec, down: { busyUntil: 0 }, up: { busyUntil: 0 } };
}

export interface ThrottlingProxy {
  port: number;
  bytesFromServer: number;
  bytesToServer: number;
  close(): Promise<void>;
}

function throttledPipe(from: net.Socket, to: net.Socket, link: LinkSpec, direction: { busyUntil: number }, count: (n: number) => void): void {
  // One FIFO per pipe, drained by one timer: chunks leave strictly in order.
  const queue: { chunk: Buffer; at: number }[] = [];
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  let ended = false;
  const maxQueued = Math.max(64 * 1024, link.bytesPerSecond);
  const drain = (): void => {
    timer = undefined;
    const now = performance.now();
    while (queue.length > 0 && (queue[0] as { at: number }).at <= now) {
      const { chunk } = queue.shift() as { chunk: Buffer; at: number };
      queued -= chunk.length;
      if (!to.destroyed) to.write(chunk);
    }
    if (queued <= maxQueued / 2 && from.isPaused()) from.resume();
    if (queue.length > 0) timer = setTimeout(drain, Math.max(0, (queue[0] as { at: number }).at - now));
    else if (ended) to.end();
  };
  from.on('data', (chunk: Buffer) => {
    count(chunk.length);
    const now = performance.now();
    direction.busyUntil = Math.max(now, direction.busyUntil) + (chunk.length / link.bytesPerSecond) * 1000;
    const at = direction.busyUntil + link.latencyMs;
    queue.push({ chunk, at });
    queued += chunk.length;
    if (queued > maxQueued) from.pause();
    if (!timer) timer = setTimeout(drain, Math.max(0, at - now));
  });
  from.on('end', () => {
    ended = true;
    if (!timer && queue.length === 0) to.end();
  });
}

export async function startThrottlingProxy(target: { host: string; port: number }, shared: SharedLink): Promise<ThrottlingProxy> {
  const link = shared.spec;
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
    throttledPipe(client, upstream, link, shared.up, (n) => (proxy.bytesToServer += n));
    throttledPipe(upstream, client, link, shared.down, (n) => (proxy.bytesFromServer += n));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as net.AddressInfo).port;
  return proxy;
}
