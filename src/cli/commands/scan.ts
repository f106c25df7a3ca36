/**
 * `datacompare scan DATASOURCE`: the catalog of a spec data source, read from the database itself:
 * its tables and views, their columns, and which columns hold personal or secret data (and why).
 */
import { scanCatalog, type CatalogScan } from '../../catalog/scan.js';
import { DEFAULT_SPEC_PATH } from '../../spec/schema.js';
import { loadSpec } from '../../spec/load.js';
import { resolveSide } from '../../spec/resolve.js';
import { closest } from '../../spec/suggest.js';
import { ConfigurationError, ExitCode } from '../../shared/errors.js';
import { integerOption, listOption, stringOption } from '../args.js';
import type { CliCommand, CliContext } from '../command.js';
import { paint } from '../terminal.js';
import { cell, renderTable } from './sources.js';

export const scanCommand: CliCommand = {
  name: 'scan',
  summary: 'list the tables and columns of a spec data source and mark its sensitive columns',
  usage: 'scan DATASOURCE [--spec FILE] [--sensitive-only] [--time-limit SECONDS] [--sample-tables N] [--json]',
  positionals: { max: 1 },
  options: {
    spec: { type: 'string', short: 's', valueName: 'FILE', default: DEFAULT_SPEC_PATH, description: 'the spec file' },
    'sensitive-only': { type: 'boolean', default: false, description: 'list only the tables with sensitive columns' },
    'time-limit': { type: 'string', valueName: 'SECONDS', description: 'stop after this long and report what was read (default 30)' },
    'sample-tables': { type: 'string', valueName: 'N', description: 'tables whose values are sampled to find sensitive text columns (default 50; 0 = names only)' },
    json: { type: 'boolean', default: false, description: 'print the catalog as JSON' },
  },
  details: 'Only the catalog is read, plus at most 20 rows of the first N tables\' text columns; values are never printed.\nExit status: 0 scanned, 1 partial (time limit), 2 error.',
  async run(values, context) {
    const name = listOption(values, '_')[0];
    const loaded = await loadSpec(stringOption(values, 'spec') ?? DEFAULT_SPEC_PATH, { env: context.env, cwd: context.cwd });
    const names = Object.keys(loaded.spec.datasources);
    if (!name) throw new ConfigurationError('name the data source to scan', { hint: `datasources in ${loaded.file}: ${names.join(', ')}` });
    const connection = names.includes(name) ? resolveSide(loaded.spec, { datasource: name }, context.cwd).connection : undefined;
    if (!connection) {
      const near = closest(name, names);
      throw new ConfigurationError(
        names.includes(name) ? `data source "${name}" is on the service (type: service): scan it there` : `${loaded.file} has no data source "${name}"`,
        { hint: near && !names.includes(name) ? `did you mean "${near}"?` : `datasources: ${names.join(', ')}` },
      );
    }
    const timeLimitSeconds = integerOption(values, 'time-limit', { min: 1, max: 3600 }) ?? 30;
    const sampleTables = integerOption(values, 'sample-tables', { min: 0, max: 100_000 }) ?? 50;
    const scan = await scanCatalog(connection, {
      logger: context.logger,
      datasourceName: name,
      timeLimitMs: timeLimitSeconds * 1000,
      sampleTables,
      signal: context.signal,
    });
    if (scan.status === 'failed') throw new ConfigurationError(`the scan of "${name}" failed: ${scan.message ?? 'unknown reason'}`);
    const tables = values['sensitive-only'] === true ? scan.tables.filter((t) => t.columns.some((c) => c.sensitive)) : scan.tables;
    if (values.json === true) context.stdout.write(`${JSON.stringify({ ...scan, tables }, null, 2)}\n`);
    else context.stdout.write(render(name, scan, tables, context));
    return scan.status === 'partial' ? ExitCode.mismatch : ExitCode.match;
  },
};

function render(name: string, scan: CatalogScan, tables: CatalogScan['tables'], context: CliContext): string {
  const out: string[] = [];
  const counts = `${scan.datasetCount} tables and views, ${scan.columnCount} columns, ${scan.sensitiveColumnCount} sensitive`;
  out.push(`${paint(context.stdout, '1', name)}  ${cell(scan.databaseVersion)}  ${counts}  (${(scan.durationMs / 1000).toFixed(1)} s)`);
  if (scan.status === 'partial') out.push(paint(context.stdout, '33', `partial: ${scan.message ?? ''}`));
  out.push('');
  if (tables.length === 0) {
    out.push(scan.tables.length === 0 ? 'No tables or views.' : 'No table has a sensitive column.');
    return `${out.join('\n')}\n`;
  }
  const rows = tables.map((table) => [
    cell(table.name),
    table.kind,
    String(table.columns.length),
    table.columns
      .filter((column) => column.sensitive)
      .map((column) => `${cell(column.name)} (${column.sensitive!.kind})`)
      .join(', '),
  ]);
  out.push(renderTable(context, ['TABLE', 'KIND', 'COLUMNS', 'SENSITIVE'], rows).trimEnd());
  return `${out.join('\n')}\n`;
}
