/**
 * A server in a process of its own, for tests that watch it from outside (its CPU time, its child
 * processes) or signal it: child-server.ts (startServer with test options), or the real
 * `datacompare serve` (src/entries/cli.ts, as an operator runs it). Both run from the TypeScript
 * sources (register-ts.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerOptions } from '../../../src/server/app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../../../src/entries/cli.ts');
const NODE_ARGS = ['--experimental-transform-types', '--no-warnings', '--import', './register-ts.mjs'];

export interface Caller {
  key: string;
  workspace: string;
}

export interface ServerProcess extends Caller {
  /** child-server.ts on a first start: a key of the workspace that only reads. */
  readKey?: string;
  child: ChildProcess;
  pid: number;
  url: string;
  /** A JSON request as `as` (default: the first key and its workspace); `json` is undefined when the body is not JSON. */
  call(method: string, route: string, body?: unknown, as?: Caller): Promise<{ status: number; json: any }>;
  /** Its exit status, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** The JSON lines it wrote to stdout so far after its first (child-server.ts). */
  events(): Record<string, unknown>[];
}

function track(child: ChildProcess, first: Promise<{ url: string; readKey?: string } & Caller>, stderr: () => string, stdout: () => string = () => ''): Promise<ServerProcess> {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const early = exited.then(({ code, signal }) => Promise.reject(new Error(`the server exited before it listened (${signal ?? code}): ${stderr()}`)));
  return Promise.race([first, early]).then((started) => ({
    ...started,
    child,
    pid: child.pid!,
    exited,
    stderr,
    events: () =>
      stdout()
        .split('\n')
        .slice(1)
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async call(method, route, body, as = started) {
      const response = await fetch(`${started.url}${route}`, {
        method,
        headers: { Authorization: `Bearer ${as.key}`, 'Workspace-Id': as.workspace, 'Content-Type': 'application/json' },
        signal: AbortSignal.timeout(10_000),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json().catch(() => undefined) };
    },
  }));
}

/**
 * child-server.ts on `dataDir` with `options` over its defaults (one worker, SQLite store); `env` adds to
 * its environment, `nodeArgs` to Node's flags (e.g. `--max-old-space-size`).
 */
export function startChildServer(dataDir: string, options: Partial<ServerOptions> = {}, env: Record<string, string> = {}, nodeArgs: readonly string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...NODE_ARGS, 'child-server.ts', dataDir], {
    cwd: here,
    env: { ...process.env, ...env, CHILD_SERVER_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  let out = '';
  const first = new Promise<{ url: string; readKey?: string } & Caller>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
    });
  });
  return track(child, first, () => err, () => out);
}

/**
 * `datacompare serve --port 0 <args>`: ready once it printed its URL and, on a first start, its first
 * key; on a later start over the same store, `as` is the key and workspace to call it with.
 */
export function startServeProcess(args: string[], as?: Caller): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, cli, 'serve', '--port', '0', ...args], { cwd: here, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const first = new Promise<{ url: string } & Caller>((resolve) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const url = /listening on (\S+)/.exec(err)?.[1];
      const workspace = /DATACOMPARE_WORKSPACE_ID=(\S+)/.exec(err)?.[1];
      if (url && as) resolve({ url, key: as.key, workspace: as.workspace });
      else if (url && workspace) resolve({ url, key: /DATACOMPARE_API_KEY=(\S+)/.exec(err)![1]!, workspace });
    });
  });
  return track(child, first, () => err);
}

/** `datacompare <args>` run to its end (e.g. `keys create`); its stdout. */
export async function runCliCommand(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [...NODE_ARGS, cli, ...args], { cwd: here, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`datacompare ${args.join(' ')} exited with ${code}: ${err}`);
  return out;
}
