/**
 * Which files a workspace's data sources may open (SQLite files, TLS certificates and keys): only those
 * under the folders its operator allows for that workspace, never another workspace's, never the
 * service's store, key or anything else in its data directory. Symbolic links are followed first, so a
 * link inside an allowed folder cannot point out of it; the service's own files are then recognised by
 * identity (device and inode), so a hard link or a bind mount of them is refused as well.
 *
 * `serve --allow-path` takes, repeatable:
 * - `DIR`: every workspace gets its own subfolder `DIR/<workspace id>/` (the default shape);
 * - `WS=DIR`: DIR for the workspace WS alone;
 * - `*=DIR`: DIR shared by every workspace (a server with one tenant).
 * `<data-dir>/sources/<workspace id>/` is always allowed for its workspace.
 */
import { realpathSync } from 'node:fs';
import { constants, open, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../shared/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A folder of `--allow-path`: for every workspace's subfolder, one workspace, or all of them. */
export interface AllowedFolder {
  dir: string;
  scope: 'per-workspace' | 'shared' | { workspace: string };
}

/** `DIR`, `WS=DIR` or `*=DIR` (see above); a malformed workspace id is the operator's mistake. */
export function parseAllowPath(entry: string): AllowedFolder {
  const match = /^([^=/\\]*)=(.+)$/.exec(entry);
  if (!match) return { dir: path.resolve(entry), scope: 'per-workspace' };
  const [, who, dir] = match as unknown as [string, string, string];
  if (who === '*') return { dir: path.resolve(dir), scope: 'shared' };
  if (UUID.test(who)) return { dir: path.resolve(dir), scope: { workspace: who.toLowerCase() } };
  throw new ConfigurationError(`--allow-path ${entry}: "${who}" is not a workspace id.`, {
    hint: 'Write --allow-path DIR (a subfolder per workspace), --allow-path <workspace id>=DIR (one workspace) or --allow-path "*=DIR" (every workspace).',
  });
}

export class FileAccessPolicy {
  private readonly folders: AllowedFolder[];
  private readonly dataDir: string;
  readonly sourcesDir: string;

  constructor(dataDir: string, allowPaths: readonly string[] = []) {
    this.dataDir = real(path.resolve(dataDir));
    this.sourcesDir = path.join(this.dataDir, 'sources');
    this.folders = [{ dir: this.sourcesDir, scope: 'per-workspace' }, ...allowPaths.map(parseAllowPath)];
  }

  /** The folders workspace `workspaceId` may read, real paths. */
  rootsFor(workspaceId: string): string[] {
    const ws = workspaceId.toLowerCase();
    return this.folders.flatMap((folder) => {
      if (folder.scope === 'shared') return [real(folder.dir)];
      if (folder.scope === 'per-workspace') return UUID.test(ws) ? [real(path.join(folder.dir, ws))] : [];
      return folder.scope.workspace === ws ? [real(folder.dir)] : [];
    });
  }

  /** The real path of `location` when workspace `workspaceId` may open it, else a ConfigurationError naming the fix (resolved without blocking). */
  async check(location: string, datasourceName: string, workspaceId: string, what = 'the SQLite file'): Promise<string> {
    const resolved = await realAsync(path.resolve(location));
    const ownFile = await this.isOwnFile(resolved);
    if (!ownFile && this.rootsFor(workspaceId).some((root) => inside(resolved, root))) return resolved;
    throw new ConfigurationError(
      `The service may not open ${location} for data source "${datasourceName}": ${ownFile ? "it is one of the service's own files" : "it is outside the folders this workspace may read"}.`,
      { hint: `Put ${what} under ${path.join(this.sourcesDir, workspaceId.toLowerCase())}, or start the service with --allow-path ${workspaceId.toLowerCase()}=<its folder>.` },
    );
  }

  /**
   * True when `resolved` (a real path) is one of the service's own files, judged by file identity (device
   * and inode), not by its path: inside the data directory however it is reached (a bind mount, another
   * mount of the same file system) and not under its sources/ folder, or a hard link of a file the data
   * directory holds (the store `datacompare.db` and its `-wal`/`-shm`, `server.key`).
   */
  private async isOwnFile(resolved: string): Promise<boolean> {
    if (inside(resolved, this.dataDir) && !inside(resolved, this.sourcesDir)) return true;
    const [dataDir, sourcesDir, file] = await Promise.all([identity(this.dataDir), identity(this.sourcesDir), identity(resolved)]);
    for (let dir = path.dirname(resolved); ; dir = path.dirname(dir)) {
      const id = await identity(dir);
      if (id !== undefined && id === sourcesDir) break;
      if (id !== undefined && id === dataDir) return true;
      if (path.dirname(dir) === dir) break;
    }
    if (file === undefined) return false;
    const entries = await readdir(this.dataDir, { withFileTypes: true }).catch(() => []);
    const own = await Promise.all(entries.filter((entry) => entry.name !== 'sources').map((entry) => identity(path.join(this.dataDir, entry.name))));
    return own.includes(file);
  }

  /**
   * A small file (a TLS certificate or key) of an allowed folder, read without blocking: opened
   * non-blocking (a FIFO cannot hold the open), only a regular file, at most `limit` bytes.
   */
  async readSmall(location: string, datasourceName: string, workspaceId: string, what: string, limit = 64 * 1024): Promise<string> {
    const file = await this.check(location, datasourceName, workspaceId, what);
    const refuse = (why: string) =>
      new ConfigurationError(`The ${what} ${location} of data source "${datasourceName}" cannot be used: ${why}.`, { hint: `Give a PEM file of at most ${limit} bytes.` });
    let handle;
    try {
      handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    } catch {
      throw refuse('it cannot be opened');
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw refuse('it is not a regular file');
      if (stat.size > limit) throw refuse(`it is larger than ${limit} bytes`);
      const buffer = Buffer.alloc(limit + 1);
      const { bytesRead } = await handle.read(buffer, 0, limit + 1, 0);
      if (bytesRead > limit) throw refuse(`it is larger than ${limit} bytes`);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  }
}

/** `location` is `root` or below it (both real paths). */
function inside(location: string, root: string): boolean {
  return location === root || location.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** A file's identity (device and inode, links followed), or undefined when it does not exist. */
async function identity(location: string): Promise<string | undefined> {
  try {
    const stats = await stat(location, { bigint: true });
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

/** `real`, without blocking the event loop (for paths a tenant gives). */
async function realAsync(location: string): Promise<string> {
  try {
    return await realpath(location);
  } catch {
    const parent = path.dirname(location);
    return parent === location ? location : path.join(await realAsync(parent), path.basename(location));
  }
}

/** The path with every symbolic link resolved; a file that does not exist yet keeps its folder's real path. */
function real(location: string): string {
  try {
    return realpathSync(location);
  } catch {
    const parent = path.dirname(location);
    return parent === location ? location : path.join(real(parent), path.basename(location));
  }
}
