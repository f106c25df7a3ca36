/**
 * An HTTP proxy on 127.0.0.1 that sits between the API client and a real server and injects faults
 * on a programmable schedule: error answers (429 with Retry-After, 503, …) without forwarding,
 * connections dropped before forwarding, connections dropped after the server answered (the "lost
 * response": the server did the work, the client never hears of it), slow answers, answers rewritten
 * (wrong counters), bodies that never end and bodies far too large. It counts every fault it
 * injected and logs every request, so tests can assert on both.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  /** Answer with this status without forwarding (e.g. 429 with Retry-After seconds, 503). */
  | { kind: 'status'; status: number; retryAfter?: string; body?: unknown }
  /** Destroy the client's connection without forwarding: the server never sees the request. */
  | { kind: 'drop-before' }
  /** Forward, wait for the server's whole answer, then destroy the client's connection. */
  | { kind: 'drop-after' }
  /**
   * Forward after waiting this long (the client's per-request timeout may fire first). Not forwarded
   * when the client has hung up by then, unless `landAnyway` (a request that reaches the service
   * after the client gave up on it, e.g. after a cancel).
   */
  | { kind: 'slow'; delayMs: number; landAnyway?: boolean }
  /** Forward at once, but hold the server's answer this long (the server acted; the client may give up). */
  | { kind: 'slow-answer'; delayMs: number }
  /** Forward, wait for the server's answer, then answer this status instead (a gateway 503 after the server acted). */
  | { kind: 'status-after'; status: number; retryAfter?: string }
  /** Forward, then answer the server's JSON as `rewrite` changes it (a service that answers wrongly). */
  | { kind: 'rewrite'; rewrite: (body: any) => unknown }
  /**
   * Forward, then send the server's status and headers at once but its body one byte every `everyMs`,
   * then spaces, for as long as the client listens: a body that never ends.
   */
  | { kind: 'trickle'; everyMs: number }
  /**
   * Forward, then answer the server's JSON with the first string value of `path` (e.g.
   * `data.diff_rows.0.source_note`) replaced by `chars` characters, streamed in chunks (the proxy
   * never holds the whole body).
   */
  | { kind: 'huge-value'; path: string; chars: number }
  /** Run `hook` (e.g. start another run, or cancel this one), then apply `then` (default: forward). */
  | { kind: 'hook'; hook: () => Promise<void> | void; then?: Fault };

export interface ProxiedRequest {
  /** 0-based position among every request the proxy received. */
  index: number;
  method: string;
  /** Path and query as received. */
  path: string;
  /** The request body as text. */
  body: string;
  /** Request headers (lower-case names), e.g. to key faults by `idempotency-key`. */
  headers: http.IncomingHttpHeaders;
}

/** Decides the fault (if any) for each request. */
export type FaultSchedule = (request: ProxiedRequest) => Fault | undefined;

export interface FaultProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Faults injected so far, by label: `429`, `503`, `drop-before`, `drop-after`, `slow`, `slow-answer`, `trickle`, `huge-value`… */
  injected: Record<string, number>;
  /** How many faults in all. */
  totalInjected(): number;
  /** Every request received, with the fault applied to it (if any). */
  log: (ProxiedRequest & { fault?: Fault })[];
  setSchedule(schedule: FaultSchedule): void;
  /**
   * Emulates a service that keeps no Idempotency-Key (the hosted one): the header is not passed on,
   * the job list's idempotency_key/agent_run_id filters are dropped and its jobs show no key, agent
   * run id or config id.
   */
  setHosted(hosted: boolean): void;
  close(): Promise<void>;
}

export function faultLabel(fault: Fault): string {
  if (fault.kind === 'hook') return fault.then ? faultLabel(fault.then) : 'hook';
  return fault.kind === 'status' ? String(fault.status) : fault.kind === 'status-after' ? `${fault.status}-after` : fault.kind;
}

/** What a service that keeps no Idempotency-Key shows (the hosted one): keys, agent run and config ids removed. */
const OUR_JOB_FIELDS = ['idempotency_key', 'agent_run_id', 'config_id'];
function withoutOurJobFields(body: Buffer): Buffer {
  try {
    const json = JSON.parse(body.toString('utf8')) as { data?: { items?: Record<string, unknown>[] } | Record<string, unknown>[] };
    const items = Array.isArray(json.data) ? json.data : (json.data?.items ?? []);
    for (const item of items) for (const field of OUR_JOB_FIELDS) delete item[field];
    return Buffer.from(JSON.stringify(json));
  } catch {
    return body;
  }
}

/** Starts the proxy in front of `target` (an origin, e.g. http://127.0.0.1:4000). */
export async function startFaultProxy(target: string, schedule: FaultSchedule = () => undefined): Promise<FaultProxy> {
  const upstream = new URL(target);
  let current = schedule;
  let hosted = false;
  let index = 0;
  const injected: Record<string, number> = {};
  const log: FaultProxy['log'] = [];
  const sockets = new Set<import('node:net').Socket>();

  const count = (fault: Fault): void => {
    const label = faultLabel(fault);
    injected[label] = (injected[label] ?? 0) + 1;
  };

  const forward = (req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { ...req.headers, host: upstream.host, connection: 'close' };
      delete headers['keep-alive'];
      let path = req.url ?? '/';
      if (hosted) {
        delete headers['idempotency-key'];
        const url = new URL(path, 'http://x');
        url.searchParams.delete('idempotency_key');
        url.searchParams.delete('agent_run_id');
        path = url.pathname + url.search;
      }
      const outgoing = http.request(
        { hostname: upstream.hostname, port: upstream.port, method: req.method, path, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const all = Buffer.concat(chunks);
            resolve({ status: response.statusCode ?? 502, headers: response.headers, body: hosted ? withoutOurJobFields(all) : all });
          });
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const request: ProxiedRequest = {
          index: index++,
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          body: body.toString('utf8'),
          headers: withoutAuthorization(req.headers),
        };
        let fault = current(request);
        log.push(fault ? { ...request, fault } : request);
        if (fault) count(fault);
        try {
          if (fault?.kind === 'hook') {
            await fault.hook();
            fault = fault.then;
          }
          if (fault?.kind === 'drop-before') {
            req.socket.destroy();
            return;
          }
          if (fault?.kind === 'status') {
            const headers: Record<string, string> = { 'content-type': 'application/json', connection: 'close' };
            if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
            res.writeHead(fault.status, headers);
            res.end(JSON.stringify(fault.body ?? { detail: `injected ${fault.status}`, message: `Injected fault ${fault.status}.` }));
            return;
          }
          if (fault?.kind === 'slow') {
            const { delayMs } = fault;
            await new Promise((resolve) => setTimeout(resolve, delayMs));
          }
          if (req.socket.destroyed && !(fault?.kind === 'slow' && fault.landAnyway)) return;
          const answer = await forward(req, body);
          if (fault?.kind === 'slow-answer') {
            const { delayMs } = fault;
            await new Promise((resolve) => setTimeout(resolve, delayMs));
          }
          if (fault?.kind === 'drop-after') {
            req.socket.destroy();
            return;
          }
          if (fault?.kind === 'status-after') {
            const headers: Record<string, string> = { 'content-type': 'application/json', connection: 'close' };
            if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
            res.writeHead(fault.status, headers);
            res.end(JSON.stringify({ detail: `injected ${fault.status} after the server answered`, message: `Injected fault ${fault.status}.` }));
            return;
          }
          if (fault?.kind === 'trickle') {
            trickle(req, res, answer, fault.everyMs);
            return;
          }
          if (fault?.kind === 'huge-value') {
            await sendHugeValue(req, res, answer, fault.path, fault.chars);
            return;
          }
          if (fault?.kind === 'rewrite') answer.body = Buffer.from(JSON.stringify(fault.rewrite(JSON.parse(answer.body.toString('utf8')))));
          const headers = { ...answer.headers };
          delete headers['transfer-encoding'];
          delete headers.connection;
          delete headers['keep-alive'];
          headers['content-length'] = String(answer.body.length);
          if (!req.socket.destroyed) {
            res.writeHead(answer.status, headers);
            res.end(answer.body);
          }
        } catch (error) {
          if (!res.headersSent && !req.socket.destroyed) {
            res.writeHead(502, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ detail: `proxy could not reach the server: ${String(error)}` }));
          }
        }
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    injected,
    totalInjected: () => Object.values(injected).reduce((a, b) => a + b, 0),
    log,
    setSchedule(next) {
      current = next;
    },
    setHosted(next) {
      hosted = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The answer's headers for a body of unknown length (chunked). */
function streamingHeaders(answer: Answer): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...answer.headers };
  for (const name of ['content-length', 'transfer-encoding', 'connection', 'keep-alive']) delete headers[name];
  return headers;
}

/** The answer's body one byte every `everyMs`, then spaces, until the client hangs up. */
function trickle(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer, everyMs: number): void {
  res.writeHead(answer.status, streamingHeaders(answer));
  let sent = 0;
  const timer = setInterval(() => {
    if (req.socket.destroyed) return clearInterval(timer);
    res.write(sent < answer.body.length ? answer.body.subarray(sent, ++sent) : ' ');
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}

/** The answer's JSON with the string at `path` replaced by `chars` x's, written in 1 MiB chunks as the client reads them. */
async function sendHugeValue(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer, path: string, chars: number): Promise<void> {
  const marker = '\u0000HUGE-VALUE\u0000';
  const json = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
  const keys = path.split('.');
  let parent: any = json;
  for (const key of keys.slice(0, -1)) parent = parent?.[key];
  if (parent === null || typeof parent !== 'object') throw new Error(`huge-value: the answer has no ${path}`);
  parent[keys.at(-1)!] = marker;
  const [before, after] = JSON.stringify(json).split(JSON.stringify(marker)) as [string, string];
  res.writeHead(answer.status, streamingHeaders(answer));
  const chunk = Buffer.alloc(1 << 20, 'x');
  let closed = false;
  let wake: (() => void) | undefined;
  res.once('close', () => {
    closed = true;
    wake?.();
  });
  res.on('drain', () => wake?.());
  const write = (data: string | Buffer): Promise<void> =>
    new Promise((resolve) => {
      if (closed || res.write(data)) return resolve();
      wake = resolve;
    });
  await write(`${before}"`);
  for (let left = chars; left > 0 && !closed; left -= chunk.length) await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  if (!closed) res.end(`"${after}`);
}

/** Headers as logged: never the API key. */
function withoutAuthorization(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const { authorization: _key, ...rest } = headers;
  return rest;
}
