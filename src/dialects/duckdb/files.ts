/**
 * CSV and Parquet data sources as DuckDB relations: `read_csv(...)` / `read_parquet(...)` with the
 * spec's options, exposed in an in-memory DuckDB as a view named after the data source, so the
 * engine compares "a table" like any other and a side's `query` can read from that view. Every
 * option is passed as a string literal, never spliced in as SQL.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ConnectionConfig, CsvReadOptions } from '../types.js';
import { ConfigurationError, ConnectionError } from '../../shared/errors.js';
import type { SqlCompiler } from '../types.js';

export type FileConfig = Extract<ConnectionConfig, { type: 'csv' } | { type: 'parquet' }>;

export function isFileConfig(config: ConnectionConfig): config is FileConfig {
  return config.type === 'csv' || config.type === 'parquet';
}

/** `s3://…`, `https://…`, `gs://…`: read by DuckDB's extensions, not checked on the local disk. */
export function isRemotePath(path: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
}

/** True when DuckDB expands the path as a glob (`data/*.csv`, `part-?.parquet`, `[ab].csv`, `**`). */
export function isGlob(path: string): boolean {
  return /[*?[]/.test(path);
}

/**
 * What DuckDB may open once file access is locked down: the file itself, or for a glob the folder
 * before its first wildcard (local paths absolute, as DuckDB compares them).
 */
export function allowedLocations(config: FileConfig): { paths: string[]; directories: string[] } {
  const remote = isRemotePath(config.path);
  const absolute = (location: string) => (remote ? location : path.resolve(location));
  if (!isGlob(config.path)) return { paths: [...new Set([config.path, absolute(config.path)])], directories: [] };
  const prefix = config.path.slice(0, config.path.search(/[*?[]/));
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1) || './';
  const directory = absolute(folder);
  return { paths: [], directories: [directory.endsWith('/') ? directory : `${directory}/`] };
}

/** The table function reading the file(s). */
export function fileRelationSql(config: FileConfig, compiler: SqlCompiler): string {
  const path = compiler.stringLiteral(config.path);
  if (config.type === 'parquet') return `read_parquet(${path})`;
  return `read_csv(${[path, ...csvOptionsSql(config.csv, compiler)].join(', ')})`;
}

function csvOptionsSql(options: CsvReadOptions, compiler: SqlCompiler): string[] {
  const literal = (text: string) => compiler.stringLiteral(text);
  // As PostgreSQL's COPY … CSV writes them: an empty unquoted field is NULL, a quoted "" is ''.
  const sql: string[] = ['allow_quoted_nulls = false'];
  if (options.delimiter !== undefined) sql.push(`delim = ${literal(options.delimiter)}`);
  if (options.header !== undefined) sql.push(`header = ${options.header ? 'true' : 'false'}`);
  if (options.quote !== undefined) sql.push(`quote = ${literal(options.quote)}`);
  if (options.escape !== undefined) sql.push(`escape = ${literal(options.escape)}`);
  if (options.nullStrings !== undefined) sql.push(`nullstr = [${options.nullStrings.map(literal).join(', ')}]`);
  if (options.allVarchar) sql.push('all_varchar = true');
  if (options.thousands !== undefined) sql.push(`thousands = ${literal(options.thousands)}`);
  if (options.decimalSeparator !== undefined) sql.push(`decimal_separator = ${literal(options.decimalSeparator)}`);
  const types = Object.entries(options.columnTypes ?? {});
  if (types.length > 0) sql.push(`types = {${types.map(([column, type]) => `${literal(column)}: ${literal(type)}`).join(', ')}}`);
  return sql;
}

/** The statement that exposes the file(s) as the view `config.table`. */
export function createViewSql(config: FileConfig, compiler: SqlCompiler): string {
  return `CREATE VIEW ${compiler.quoteIdentifier(config.table)} AS SELECT * FROM ${fileRelationSql(config, compiler)}`;
}

const KIND: Record<FileConfig['type'], string> = { csv: 'CSV', parquet: 'Parquet' };

/** "CSV file(s)" / "Parquet file(s)" for messages. */
export function fileKind(config: FileConfig): string {
  return `${KIND[config.type]} ${isGlob(config.path) ? 'files' : 'file'}`;
}

/** A plain local path that does not exist is reported before DuckDB is even started. */
export function checkFileExists(config: FileConfig, datasourceName: string): void {
  if (isRemotePath(config.path) || isGlob(config.path) || existsSync(config.path)) return;
  throw missingFiles(config, datasourceName);
}

export function missingFiles(config: FileConfig, datasourceName: string, cause?: unknown): ConnectionError {
  const what = isGlob(config.path) ? `No ${KIND[config.type]} file matches ${config.path}` : `The ${KIND[config.type]} file ${config.path} does not exist`;
  return new ConnectionError(`${what} (data source "${datasourceName}").`, {
    cause,
    hint: 'Check `path:` in the spec: a file or a glob such as data/*.csv, relative to the repository root.',
  });
}

/**
 * DuckDB's CSV errors ("CSV Error on Line: 2 / Original Line: … / Error when converting column … /
 * file = … / delimiter = … (Auto-Detected) …", 900 characters) as one sentence naming the file, the
 * line and the option to set; undefined for any other error.
 */
export function csvFileError(config: FileConfig, datasourceName: string, error: unknown): ConfigurationError | undefined {
  if (config.type !== 'csv') return undefined;
  const text = error instanceof Error ? error.message : String(error);
  const line = /CSV Error on Line: (\d+)/.exec(text)?.[1];
  if (!line) return undefined;
  const file = /^\s*file = (.+)$/m.exec(text)?.[1]?.trim() ?? config.path;
  const at = `CSV file ${file}, line ${line}`;
  const where = `on data source "${datasourceName}"`;
  const conversion = /Error when converting column "(.+?)"\. Could not convert string "(.*?)" to '(\w+)'/.exec(text);
  if (conversion) {
    const [, column, value = '', type] = conversion;
    const separators = /^[-+]?\d{1,3}(?:([,.' ])\d{3})+(?:([.,])\d+)?$/.exec(value.trim());
    if (separators) {
      const thousands = separators[1]!;
      const decimal = separators[2] ?? (thousands === '.' ? ',' : '.');
      return new ConfigurationError(`${at}: "${value}" in column ${column} is not a ${type}: it has "${thousands}" as a thousands separator.`, {
        cause: error,
        hint: `set thousands: "${thousands}"${decimal === ',' ? ' and decimal_separator: ","' : ''} ${where}`,
      });
    }
    return new ConfigurationError(`${at}: "${value}" in column ${column} is not a ${type}.`, {
      cause: error,
      hint: `set column_types: { ${column}: VARCHAR } (or the type its values have) ${where}, or null_string if "${value}" means NULL`,
    });
  }
  const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(text);
  if (columns) {
    return new ConfigurationError(`${at} has ${columns[2]} fields where the lines before have ${columns[1]}.`, {
      cause: error,
      hint: `check delimiter and quote ${where} (a field holding the delimiter, such as "1,234.50", must be quoted, and quote set when the sniffer did not see quotes)`,
    });
  }
  const first = text.split('\n').find((part) => part.trim() !== '' && !/CSV Error on Line/.test(part) && !/^Original Line/.test(part));
  return new ConfigurationError(`${at}: ${first?.trim() ?? 'DuckDB could not read it'}`, {
    cause: error,
    hint: `check the CSV options ${where} (delimiter, header, quote, escape, null_string, column_types, thousands, decimal_separator)`,
  });
}
