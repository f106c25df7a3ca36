/**
 * Which files the service may open as SQLite data sources: only those under the folders its operator
 * allows (`serve --allow-path DIR`, repeatable) and its own data directory's `sources/` folder; never
 * its store, its key or anything else in the data directory. Symbolic links are followed first, so a
 * link inside an allowed folder cannot point out of it.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '../shared/errors.js';

export class FileAccessPolicy {
  private readonly roots: string[];
  private readonly dataDir: string;
  readonly sourcesDir: string;

  constructor(dataDir: string, allowPaths: readonly string[] = []) {
    this.dataDir = real(path.resolve(dataDir));
    this.sourcesDir = path.join(this.dataDir, 'sources');
    this.roots = [this.sourcesDir, ...allowPaths.map((dir) => real(path.resolve(dir)))];
  }

  /** The real path of `location` when the service may open it, else a ConfigurationError naming the fix. */
  check(location: string, datasourceName: string): string {
    const resolved = real(path.resolve(location));
    const inside = (root: string) => resolved === root || resolved.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
    const ownFile = inside(this.dataDir) && !inside(this.sourcesDir);
    if (!ownFile && this.roots.some(inside)) return resolved;
    throw new ConfigurationError(
      `The service may not open ${location} for data source "${datasourceName}": ${ownFile ? 'it is one of the service\'s own files' : 'it is outside the folders the service may read'}.`,
      { hint: `Put the SQLite file under ${this.sourcesDir}, or start the service with --allow-path <its folder>.` },
    );
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
