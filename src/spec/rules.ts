/**
 * Cross-field rules the schema cannot express: exclusive fields, paired lists of equal length,
 * unique names, declared datasources, tolerance on compared columns. They read the raw document
 * leniently (skipping what the schema already reports), so one run finds every problem at once.
 */
import type { PathSegment } from './positions.js';
import type { RawProblem } from './problems.js';
import { suggestionHint } from './suggest.js';
import { checkFilter, checkQuery, guardDialectOf } from '../sql/guard.js';

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
const code = (name: string) => `\`${name}\``;

export function checkRules(data: unknown): RawProblem[] {
  if (isObj(data) && data.comparisons === undefined && data.dbt === undefined) {
    return [{ path: ['comparisons'], message: 'is required', hint: 'list the comparisons to run under `comparisons:`, or add a `dbt:` section that derives them from dbt manifests' }];
  }
  if (!isObj(data)) return [];
  const problems: RawProblem[] = [];
  const datasources = isObj(data.datasources) ? data.datasources : {};
  const declared = Object.keys(datasources);
  problems.push(...checkDbt(data.dbt, declared));
  if (!Array.isArray(data.comparisons)) return problems;
  const seenNames = new Map<string, number>();
  data.comparisons.forEach((comparison, index) => {
    if (!isObj(comparison)) return;
    const at: PathSegment[] = ['comparisons', index];
    if (typeof comparison.name === 'string') {
      const first = seenNames.get(comparison.name);
      if (first === undefined) seenNames.set(comparison.name, index);
      else
        problems.push({
          path: [...at, 'name'],
          message: `duplicate name ${code(comparison.name)} (also comparisons[${first}])`,
          hint: 'every comparison needs its own name; reports and --comparison refer to it',
        });
    }
    problems.push(...checkSides(comparison, at, declared, datasources));
    problems.push(...checkPairs(comparison, at, 'columns', 'source_columns', 'target_columns'));
    problems.push(...checkPairs(comparison, at, 'primary_keys', 'primary_keys_source', 'primary_keys_target'));
    problems.push(...checkTolerance(comparison, at));
  });
  return problems;
}

/** 'CSV' / 'Parquet' when the side's datasource is a file data source, else undefined. */
function fileDatasourceType(datasources: Obj, name: unknown): string | undefined {
  const datasource = typeof name === 'string' ? datasources[name] : undefined;
  const type = isObj(datasource) ? datasource.type : undefined;
  return type === 'csv' ? 'CSV' : type === 'parquet' ? 'Parquet' : undefined;
}

function checkSides(comparison: Obj, at: PathSegment[], declared: string[], datasources: Obj): RawProblem[] {
  const problems: RawProblem[] = [];
  const hasId = comparison.comparison_id !== undefined;
  const present = (['source', 'target'] as const).filter((side) => comparison[side] !== undefined);
  if (present.length === 0) {
    if (hasId && comparison.accept !== undefined) {
      problems.push({
        path: [...at, 'accept'],
        message: 'does not apply to a stored comparison (`comparison_id`): the service runs it with its own configuration',
        hint: 'set accept in the stored comparison\'s configuration on the service, or remove it here',
      });
    }
    if (!hasId) {
      problems.push({
        path: at,
        message: 'needs `source` and `target`',
        hint: 'e.g. source: { datasource: legacy, dataset: orders }; or `comparison_id` to run a comparison stored on the service (api mode)',
      });
    }
    return problems;
  }
  if (present.length === 1) {
    const missing = present[0] === 'source' ? 'target' : 'source';
    problems.push({ path: [...at, missing], message: 'is required', hint: `\`${present[0]}\` is set, so \`${missing}\` is needed too` });
  }
  for (const side of present) {
    const spec = comparison[side];
    if (!isObj(spec)) continue;
    const path = [...at, side];
    const fileType = fileDatasourceType(datasources, spec.datasource);
    if (spec.dataset !== undefined && spec.query !== undefined) {
      problems.push({ path: [...path, 'query'], message: '`dataset` and `query` are exclusive', hint: 'keep one: a table name or a SELECT' });
    } else if (fileType !== undefined) {
      // A csv/parquet data source is one table, named after the data source; `dataset` may be omitted.
      const key = String(spec.datasource);
      if (typeof spec.dataset === 'string' && spec.dataset.trim() !== key && spec.dataset.trim() !== `"${key.replaceAll('"', '""')}"`) {
        problems.push({
          path: [...path, 'dataset'],
          message: `data source ${code(key)} is a ${fileType} file: its rows are the table ${code(key)}`,
          hint: `omit \`dataset\` (or write dataset: ${key}); a \`query\` can read FROM ${key}`,
        });
      }
    } else if (spec.dataset === undefined && spec.query === undefined) {
      problems.push({ path, message: 'needs `dataset` or `query`', hint: 'dataset: a table name (schema.table), or query: a SELECT' });
    }
    const shorthand = `${side}_filter`;
    problems.push(...checkSideSql(spec, comparison[shorthand], path, [...at, shorthand], datasources));
    if (spec.filter !== undefined && comparison[shorthand] !== undefined) {
      problems.push({
        path: [...at, shorthand],
        message: `\`${shorthand}\` and \`${side}.filter\` are both set`,
        hint: 'keep one of the two spellings',
      });
    }
    if (typeof spec.datasource === 'string' && !declared.includes(spec.datasource)) {
      problems.push({
        path: [...path, 'datasource'],
        message: `unknown datasource ${code(spec.datasource)}`,
        hint:
          declared.length === 0
            ? 'declare it under `datasources:` (type and url, or type: service for api mode)'
            : suggestionHint(spec.datasource, declared, 'datasources').replace('allowed datasources', 'declared datasources'),
      });
    }
  }
  return problems;
}

/**
 * The side's filter and query, lexed by its data source's engine: one condition / one SELECT, nothing
 * that writes or reaches files (the connection guarantees it; this says so at the spec line).
 */
function checkSideSql(spec: Obj, shorthandFilter: unknown, path: PathSegment[], shorthandPath: PathSegment[], datasources: Obj): RawProblem[] {
  const datasource = typeof spec.datasource === 'string' ? datasources[spec.datasource] : undefined;
  const dialect = isObj(datasource) && typeof datasource.type === 'string' ? guardDialectOf(datasource.type) : null;
  if (!dialect) return [];
  const problems: RawProblem[] = [];
  const found = (at: PathSegment[], problem: { message: string; hint: string } | null) => {
    if (problem) problems.push({ path: at, message: lowerFirst(problem.message.replace(/\.$/, '')), hint: problem.hint });
  };
  const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
  if (given(spec.filter)) found([...path, 'filter'], checkFilter(spec.filter, dialect));
  if (given(shorthandFilter)) found(shorthandPath, checkFilter(shorthandFilter, dialect));
  if (given(spec.query)) found([...path, 'query'], checkQuery(spec.query, dialect));
  return problems;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function checkPairs(comparison: Obj, at: PathSegment[], both: string, sourceKey: string, targetKey: string): RawProblem[] {
  const problems: RawProblem[] = [];
  const shared = comparison[both];
  const source = comparison[sourceKey];
  const target = comparison[targetKey];
  if (shared !== undefined && (source !== undefined || target !== undefined)) {
    problems.push({
      path: [...at, source !== undefined ? sourceKey : targetKey],
      message: `\`${both}\` and \`${sourceKey}\`/\`${targetKey}\` are exclusive`,
      hint: `use \`${both}\` when the names are the same on both sides, else the two lists paired by position`,
    });
    return problems;
  }
  if ((source === undefined) !== (target === undefined)) {
    const missing = source === undefined ? sourceKey : targetKey;
    problems.push({
      path: [...at, missing],
      message: 'is required',
      hint: `\`${source === undefined ? targetKey : sourceKey}\` is set; list the other side's names in the same order`,
    });
  }
  const sourceList = strings(source);
  const targetList = strings(target);
  if (sourceList && targetList && sourceList.length !== targetList.length) {
    problems.push({
      path: [...at, targetKey],
      message: `lists ${targetList.length} name(s) but \`${sourceKey}\` lists ${sourceList.length}`,
      hint: 'the lists pair by position (first with first), so they need the same length',
    });
  }
  for (const key of [both, sourceKey, targetKey]) {
    const list = strings(comparison[key]);
    const duplicate = list?.find((name, i) => list.indexOf(name) !== i);
    if (duplicate !== undefined) {
      problems.push({ path: [...at, key], message: `lists ${code(duplicate)} twice`, hint: 'name each column once' });
    }
  }
  return problems;
}

function checkTolerance(comparison: Obj, at: PathSegment[]): RawProblem[] {
  return (['tolerance', 'compare_as'] as const).flatMap((setting) => checkColumnSetting(comparison, at, setting));
}

/** A per-column setting (tolerance, compare_as) names compared source columns (keys too, for compare_as). */
function checkColumnSetting(comparison: Obj, at: PathSegment[], setting: 'tolerance' | 'compare_as'): RawProblem[] {
  const settings = comparison[setting];
  if (!isObj(settings)) return [];
  const columns = strings(comparison.columns) ?? strings(comparison.source_columns);
  if (!columns) return [];
  const keys = setting === 'compare_as' ? (strings(comparison.primary_keys) ?? strings(comparison.primary_keys_source) ?? []) : [];
  const compared = [...columns, ...keys];
  return Object.keys(settings)
    .filter((column) => !compared.includes(column))
    .map((column) => ({
      path: [...at, setting, column],
      message: `${code(column)} is not a compared source column`,
      hint: suggestionHint(column, compared, 'columns').replace('allowed columns', 'compared columns'),
      at: 'key' as const,
    }));
}

/** The dbt section's datasources must be declared, and be databases the engine reads. */
function checkDbt(dbt: unknown, declared: string[]): RawProblem[] {
  if (!isObj(dbt)) return [];
  const problems: RawProblem[] = [];
  for (const key of ['datasource', 'base_datasource'] as const) {
    const name = dbt[key];
    if (typeof name === 'string' && name.trim() !== '' && !declared.includes(name)) {
      problems.push({
        path: ['dbt', key],
        message: `datasource ${code(name)} is not declared`,
        hint: declared.length > 0 ? suggestionHint(name, declared, 'datasources') : 'declare it under `datasources:`',
      });
    }
  }
  return problems;
}
