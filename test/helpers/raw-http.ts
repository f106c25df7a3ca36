/**
 * HTTP/1.1 GETs over raw sockets, for tests of how the server treats clients that read slowly or stop
 * reading (a fetch would read on in the background): one that takes the status line and stops, one
 * that takes one read's data every so often, and the body of a chunked answer as it arrived.
 */
import net from 'node:net';

/**
 * A GET over a raw socket that reads the status line and then stops reading (a client that cannot
 * keep up). `rest()` reads on to the end of the connection and tells what arrived.
 */
export function stalledGet(url: string, route: string, headers: Record<string, string>): { answered: Promise<string>; rest(): Promise<{ received: number; complete: boolean }>; socket: net.Socket } {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.write(`GET ${route} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
  const chunks: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const answered = new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => {
      chunks.push(chunk);
      socket.pause();
      resolve(chunk.toString('latin1').split('\r\n')[0]!);
    });
    socket.once('error', reject);
  });
  const rest = async () => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.resume();
    await closed;
    return chunkedBody(Buffer.concat(chunks).toString('latin1'));
  };
  return { answered, rest, socket };
}

/** The body of a chunked HTTP/1.1 answer: how much arrived, and whether its last (empty) chunk did. */
export function chunkedBody(text: string): { received: number; complete: boolean } {
  const at = text.indexOf('\r\n\r\n');
  const body = text.slice(at + 4);
  return { received: body.length, complete: /transfer-encoding: chunked/i.test(text.slice(0, at)) && body.endsWith('0\r\n\r\n') };
}

/** A raw GET that takes one read's data every `tickMs` (a slow client); settles when the connection closes. */
export function pacedGet(url: string, route: string, headers: Record<string, string>, tickMs: number): Promise<{ status: string; received: number; complete: boolean }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.write(`GET ${route} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    socket.pause();
    setTimeout(() => socket.resume(), tickMs);
  });
  return new Promise((resolve) => socket.once('close', () => resolve({ status: text.split('\r\n')[0]!, ...chunkedBody(text) })));
}
