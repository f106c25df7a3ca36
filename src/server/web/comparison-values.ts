/**
 * The comparison form's values: read from a submitted form, written into the API's create body, and
 * read back from a stored comparison for editing. Pure.
 */
import type { CatalogTable } from '../../catalog/scan.js';
import type { ComparisonRecord } from '../storage/store.js';
import type { ColumnChoice, ComparisonFormValues, SideValues } from './pages/comparison-form.js';

type FormBody = Record<string, string | string[]>;

/** A single form field's text, trimmed ('' when absent or repeated). */
export const text = (value: string | string[] | undefined): string => (typeof value === 'string' ? value.trim() : '');
const all = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);

export function emptyComparisonForm(): ComparisonFormValues {
  const side = (): SideValues => ({ datasource: '', dataset: '', query: '', filter: '' });
  return { name: '', source: side(), target: side(), caseSensitive: false, schemaDiff: false, accept: [], columns: [], keysText: '', columnsText: '' };
}

/** The values of a submitted comparison form (every column row it showed, with what was ticked). */
export function formToComparison(body: FormBody): ComparisonFormValues {
  const side = (name: 'source' | 'target'): SideValues => ({
    datasource: text(body[`${name}_datasource`]),
    dataset: text(body[`${name}_dataset`]),
    query: text(body[`${name}_query`]),
    filter: text(body[`${name}_filter`]),
  });
  const compared = new Set(all(body.compare));
  const keys = new Set(all(body.key));
  const columns = all(body.column).map((source) => ({
    source,
    type: text(body[`type:${source}`]),
    target: text(body[`target:${source}`]) || source,
    compared: compared.has(source),
    key: keys.has(source),
    tolerance: text(body[`tolerance:${source}`]),
  }));
  return {
    name: text(body.name),
    source: side('source'),
    target: side('target'),
    caseSensitive: body.case_sensitive === '1',
    schemaDiff: body.schema_diff === '1',
    // as posted: the API's contract refuses a kind it does not know
    accept: [...new Set(all(body.accept).map((kind) => kind.trim()))],
    columns,
    keysText: text(body.keys_text),
    columnsText: text(body.columns_text),
  };
}

/** A stored comparison as form values (its columns as rows; the catalog adds the others when loaded). */
export function comparisonToForm(record: ComparisonRecord): ComparisonFormValues {
  const config = record.configuration as Record<string, unknown>;
  const strings = (key: string) => (Array.isArray(config[key]) ? (config[key] as unknown[]).map(String) : []);
  const optional = (key: string) => (typeof config[key] === 'string' ? (config[key] as string) : '');
  const tolerance = (config.tolerance ?? {}) as Record<string, number>;
  const keysSource = strings('primary_keys_source');
  const keysTarget = strings('primary_keys_target');
  const columnsSource = strings('source_columns');
  const columnsTarget = strings('target_columns');
  const columns: ColumnChoice[] = [
    ...keysSource.map((source, i) => ({ source, type: '', target: keysTarget[i] ?? source, compared: false, key: true, tolerance: '' })),
    ...columnsSource.map((source, i) => ({ source, type: '', target: columnsTarget[i] ?? source, compared: true, key: false, tolerance: tolerance[source] === undefined ? '' : String(tolerance[source]) })),
  ];
  const side = (name: 'source' | 'target'): SideValues => ({
    datasource: name === 'source' ? record.source_datasource_id : record.target_datasource_id,
    dataset: (name === 'source' ? record.source_dataset_name : record.target_dataset_name) ?? '',
    query: optional(`${name}_query`),
    filter: optional(`${name}_filter`),
  });
  return {
    name: record.name,
    source: side('source'),
    target: side('target'),
    caseSensitive: config.case_sensitive === true,
    schemaDiff: config.schema_diff === true,
    accept: strings('accept'),
    columns,
    keysText: keysSource.join(', '),
    columnsText: columnsSource.join(', '),
  };
}

/** The source table's columns as choices: compared by default, `id` as key, paired with the same-named target column. */
export function columnChoices(source: CatalogTable, targetColumns: string[], previous: ColumnChoice[]): ColumnChoice[] {
  const before = new Map(previous.map((choice) => [choice.source, choice]));
  return source.columns.map((column) => {
    const kept = before.get(column.name);
    if (kept) return { ...kept, type: column.type };
    const target = targetColumns.find((t) => t === column.name) ?? targetColumns.find((t) => t.toLowerCase() === column.name.toLowerCase()) ?? column.name;
    // A first load ticks every column (and `id` as the key); columns a stored comparison left out stay unticked.
    const first = previous.length === 0;
    const key = first && column.name.toLowerCase() === 'id';
    return { source: column.name, type: column.type, target, compared: first && !key, key, tolerance: '' };
  });
}

/** The configuration settings the form edits; an edit keeps every other one as stored (quick_comparison, max_diff_rows…). */
const FORM_SETTINGS = new Set([
  'source_columns', 'target_columns', 'primary_keys_source', 'primary_keys_target',
  'source_query', 'target_query', 'source_filter', 'target_filter',
  'case_sensitive', 'schema_diff', 'tolerance', 'accept',
]);

/** A stored comparison's settings the form does not show, carried into its edit unchanged. */
export function settingsBeyondForm(record: ComparisonRecord): Record<string, unknown> {
  const config = record.configuration as Record<string, unknown>;
  return Object.fromEntries(Object.entries(config).filter(([key, value]) => !FORM_SETTINGS.has(key) && value !== null && value !== undefined));
}

/** The API's create body from the form's values (`kept`: settings beyond the form, from the comparison edited). */
export function comparisonBody(values: ComparisonFormValues, kept: Record<string, unknown> = {}): Record<string, unknown> {
  const list = (typed: string) => typed.split(',').map((s) => s.trim()).filter(Boolean);
  const picked = values.columns.length > 0;
  const keys = picked ? values.columns.filter((c) => c.key) : list(values.keysText).map((name) => ({ source: name, target: name }));
  const compared = picked ? values.columns.filter((c) => c.compared && !c.key) : list(values.columnsText).map((name) => ({ source: name, target: name }));
  const tolerance: Record<string, number> = {};
  for (const c of values.columns) if (c.compared && c.tolerance !== '') tolerance[c.source] = Number(c.tolerance);
  const side = (s: ComparisonFormValues['source'], name: 'source' | 'target') => ({
    [`${name}_query`]: s.query || undefined,
    [`${name}_filter`]: s.filter || undefined,
  });
  return {
    name: values.name,
    source_datasource_id: values.source.datasource,
    target_datasource_id: values.target.datasource,
    source_dataset_id: values.source.query ? undefined : values.source.dataset || undefined,
    target_dataset_id: values.target.query ? undefined : values.target.dataset || undefined,
    configuration: {
      ...kept,
      source_columns: compared.map((c) => c.source),
      target_columns: compared.map((c) => c.target),
      primary_keys_source: keys.map((c) => c.source),
      primary_keys_target: keys.map((c) => c.target),
      ...side(values.source, 'source'),
      ...side(values.target, 'target'),
      case_sensitive: values.caseSensitive,
      schema_diff: values.schemaDiff,
      ...(Object.keys(tolerance).length ? { tolerance } : {}),
      ...(values.accept.length ? { accept: values.accept } : {}),
    },
  };
}
