/**
 * Where `@duckdb/node-api` comes from. DuckDB is a native library (~70 MB per platform), so it is
 * never bundled: it is imported at run time with a specifier ncc cannot follow. The CLI finds the
 * project's (optional) dependency; the action installs the pinned version into the runner's tool
 * cache and injects a loader reading from there (`setDuckDBModuleLoader`), so nothing here knows
 * about GitHub.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ConfigurationError } from '../../shared/errors.js';

export type DuckDBModule = typeof import('@duckdb/node-api');

/** Returns the DuckDB module; throws a DatacompareError saying what to do when it cannot. */
export type DuckDBModuleLoader = () => Promise<DuckDBModule>;

/** The npm package and the exact version datacompare is tested with (package.json pins the same). */
export const DUCKDB_PACKAGE = '@duckdb/node-api';
export const DUCKDB_VERSION = '1.5.6-r.1';

// Computed, so bundlers do not try to resolve (and inline) the native package.
const packageName = (): string => [DUCKDB_PACKAGE.split('/')[0], DUCKDB_PACKAGE.split('/')[1]].join('/');

/** Imports the package as Node resolves it from this file (the project's node_modules). */
export async function importInstalledDuckDB(): Promise<DuckDBModule> {
  try {
    return interop(await import(/* webpackIgnore: true */ packageName()));
  } catch (error) {
    throw notInstalled(error);
  }
}

/** Imports the package installed under `prefix` (`npm install --prefix <prefix>`). */
export async function importDuckDBFrom(prefix: string): Promise<DuckDBModule> {
  const require = createRequire(`${prefix.replace(/[\\/]+$/, '')}/package.json`);
  let entry: string;
  try {
    entry = require.resolve(packageName());
  } catch (error) {
    throw notInstalled(error, prefix);
  }
  return interop(await import(/* webpackIgnore: true */ pathToFileURL(entry).href));
}

/** The package is CommonJS: its exports may arrive as named exports or under `default`. */
function interop(module: unknown): DuckDBModule {
  const candidate = module as DuckDBModule & { default?: DuckDBModule };
  return typeof candidate.DuckDBInstance === 'function' ? candidate : (candidate.default as DuckDBModule);
}

function notInstalled(cause: unknown, prefix?: string): ConfigurationError {
  const where = prefix ? ` in ${prefix}` : '';
  return new ConfigurationError(`DuckDB (${DUCKDB_PACKAGE}) is needed to read duckdb, csv and parquet data sources, but it is not installed${where}.`, {
    cause,
    hint: `Install it next to datacompare: npm install ${DUCKDB_PACKAGE}@${DUCKDB_VERSION} (the GitHub Action installs it by itself).`,
  });
}

let loader: DuckDBModuleLoader = importInstalledDuckDB;
let loaded: Promise<DuckDBModule> | undefined;

/** Replaces how the module is found (the action passes its tool-cache copy). Resets what was loaded. */
export function setDuckDBModuleLoader(next: DuckDBModuleLoader): void {
  loader = next;
  loaded = undefined;
}

/** The DuckDB module, loaded once. A failed load is not remembered, so a later call can succeed. */
export function loadDuckDBModule(): Promise<DuckDBModule> {
  if (!loaded) {
    loaded = loader();
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}
