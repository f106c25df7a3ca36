/**
 * The data sources' connection URLs, once `${VAR}`s are replaced: each is registered as a secret at
 * once (before any problem of the spec is reported, so no message can quote it), and each must read
 * one way only (src/shared/connection-url.ts): a password that breaks its URL is a problem of the
 * spec, for `validate` and every run, found before anything connects.
 */
import { connectionUrlProblem } from '../shared/connection-url.js';
import { addSecret } from '../shared/redact.js';
import type { RawProblem } from './problems.js';

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The types whose `url` is a connection URL (any other `url` is the schema's problem: an unknown key or type). */
const WITH_URL = ['postgres', 'mysql', 'mariadb'];

/** Each data source with a `url` text: its key, the URL and its type (the raw, interpolated document). */
function urlsOf(data: unknown): { name: string; url: string; type: unknown }[] {
  if (!isObj(data) || !isObj(data.datasources)) return [];
  return Object.entries(data.datasources).flatMap(([name, datasource]) =>
    isObj(datasource) && typeof datasource.url === 'string' ? [{ name, url: datasource.url, type: datasource.type }] : [],
  );
}

/** Registers every data source URL as a secret (every way it can be read, see redact.ts), whatever its type. */
export function registerConnectionUrls(data: unknown): void {
  for (const { url } of urlsOf(data)) addSecret(url);
}

/**
 * A problem for each URL that cannot be read one way; the messages quote no part of it. A URL whose
 * `${VAR}` could not be replaced (`interpolationProblems`) has that problem already.
 */
export function checkConnectionUrls(data: unknown, interpolationProblems: readonly RawProblem[]): RawProblem[] {
  const unresolved = new Set(interpolationProblems.map((problem) => problem.path.join('\u0000')));
  return urlsOf(data).flatMap(({ name, url, type }) => {
    const path = ['datasources', name, 'url'];
    const checked = typeof type === 'string' && WITH_URL.includes(type) && url.trim() !== '' && !unresolved.has(path.join('\u0000'));
    const problem = checked ? connectionUrlProblem(url) : undefined;
    return problem ? [{ path, message: problem.message, hint: problem.hint }] : [];
  });
}
