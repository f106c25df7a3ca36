/**
 * Loads a spec file: YAML with positions → `${VAR}` interpolation (connection URLs registered as
 * secrets at once) → zod schema, URLs read one way, cross-field rules → ComparisonDefinitions. Every
 * problem of every stage is collected and thrown at once as a SpecError, each placed at
 * file:line:column and sorted by line.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { ComparisonDefinition } from '../engine/model.js';
import { ConfigurationError, SpecError, type SpecProblem } from '../shared/errors.js';
import { checkConnectionUrls, registerConnectionUrls } from './connection-urls.js';
import { interpolate } from './interpolate.js';
import { formatPath, positionOf, type Position } from './positions.js';
import { sortProblems, type RawProblem } from './problems.js';
import { resolveDefinitions } from './resolve.js';
import { checkRules } from './rules.js';
import { validateSchema } from './schema-problems.js';
import type { Spec } from './schema.js';

export interface LoadedSpec {
  /** The spec path as shown in messages (relative to cwd when inside it). */
  file: string;
  spec: Spec;
  definitions: ComparisonDefinition[];
  /** Where the `dbt` section starts, when there is one. */
  dbtLocation?: Position;
}

export interface LoadOptions {
  env?: NodeJS.ProcessEnv;
  /** The max-diff-rows input / --max-diff-rows; a spec's own max_diff_rows wins. */
  maxDiffRows?: number;
  /** The repository root: relative spec and sqlite paths resolve against it. Default process.cwd(). */
  cwd?: string;
}

export async function loadSpec(file: string, options: LoadOptions = {}): Promise<LoadedSpec> {
  const cwd = options.cwd ?? process.cwd();
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : absolute;
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ConfigurationError(missing ? `spec file ${shown} does not exist` : `cannot read spec file ${shown}`, {
      cause: error,
      hint: missing
        ? 'create it (see the README\'s spec reference) or point to it with --spec / the `spec` input'
        : 'check the file\'s permissions',
    });
  }
  return parseSpec(text, { ...options, file: shown, cwd });
}

/** Parses spec text already read; `file` is only used in messages and locations. */
export function parseSpec(text: string, options: LoadOptions & { file: string }): LoadedSpec {
  const { file } = options;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const place = (problem: RawProblem): SpecProblem => {
    const position = positionOf(doc, lineCounter, problem.path, problem.at);
    return {
      file,
      line: position.line,
      column: position.column,
      path: formatPath(problem.path),
      message: problem.message,
      ...(problem.hint !== undefined && { hint: problem.hint }),
    };
  };

  if (doc.errors.length > 0) {
    throw new SpecError(
      sortProblems(
        doc.errors.map((error) => {
          const { line, col } = lineCounter.linePos(error.pos[0]);
          return { file, line, column: col, path: '(yaml)', message: yamlMessage(error.message), hint: 'fix the YAML syntax' };
        }),
      ),
    );
  }
  const raw: unknown = doc.toJS({ maxAliasCount: 100 }) ?? {};
  const interpolated = interpolate(raw, options.env ?? process.env);
  registerConnectionUrls(interpolated.value);
  const validated = validateSchema(interpolated.value);
  const problems = [...interpolated.problems, ...validated.problems, ...checkConnectionUrls(interpolated.value, interpolated.problems), ...checkRules(interpolated.value)];
  if (!validated.spec && validated.problems.length === 0) throw new Error('unreachable: schema failed without problems');
  if (problems.length > 0 || !validated.spec) throw new SpecError(sortProblems(dedupe(problems.map(place))));

  const definitions = resolveDefinitions(validated.spec, {
    file,
    cwd: options.cwd ?? process.cwd(),
    ...(options.maxDiffRows !== undefined && { maxDiffRows: options.maxDiffRows }),
    locate: (index) => positionOf(doc, lineCounter, ['comparisons', index]),
    locateKey: (path) => positionOf(doc, lineCounter, path, 'key'),
  });
  return {
    file,
    spec: validated.spec,
    definitions,
    ...(validated.spec.dbt && { dbtLocation: positionOf(doc, lineCounter, ['dbt'], 'key') }),
  };
}

/** yaml's message without the "at line N, column M" tail (we print the position ourselves). */
function yamlMessage(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/** The schema and the rules can both notice a missing side; say it once. */
function dedupe(problems: SpecProblem[]): SpecProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
