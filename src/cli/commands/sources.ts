/**
 * `datacompare sources`: the data sources of a Data Comparison Service workspace, as a table. Also
 * home of what the service commands (sources, jobs, diff) share: the --api-url/--api-key/--workspace-id
 * options (or DATACOMPARE_API_URL / _API_KEY / _WORKSPACE_ID) and a plain-text table.
 */
import { ApiClient } from '../../api/client.js';
import { parseServiceTimestamp } from '../../api/normalize.js';
import { ConfigurationError, ExitCode } from '../../shared/errors.js';
import { stringOption } from '../args.js';
import type { CliCommand, CliContext, OptionSpec, OptionValues } from '../command.js';
import { paint } from '../terminal.js';

export const serviceOptions: Record<string, OptionSpec> = {
  'api-url': { type: 'string', valueName: 'URL', description: 'the service base URL, with any path prefix (default: $DATACOMPARE_API_URL)' },
  'api-key': { type: 'string', valueName: 'KEY', description: 'API key (default: $DATACOMPARE_API_KEY; prefer the variable, arguments show in `ps`)' },
  'workspace-id': { type: 'string', valueName: 'UUID', description: 'workspace (default: $DATACOMPARE_WORKSPACE_ID)' },
  json: { type: 'boolean', default: false, description: 'print the service\'s answer as JSON instead of a table' },
};

export const SERVICE_ENV_DETAILS =
  'Environment: DATACOMPARE_API_URL, DATACOMPARE_API_KEY, DATACOMPARE_WORKSPACE_ID stand in for the options.\nExit status: 0 done, 2 error.';

/** A client from the options and the environment; a missing setting is a ConfigurationError naming both. */
export function serviceClient(values: OptionValues, context: CliContext): ApiClient {
  const pick = (option: string, variable: string): string => {
    const value = stringOption(values, option) ?? context.env[variable];
    if (!value) throw new ConfigurationError(`--${option} is required`, { hint: `pass --${option} or set ${variable}` });
    return value;
  };
  return new ApiClient({
    baseUrl: pick('api-url', 'DATACOMPARE_API_URL'),
    urlSetting: stringOption(values, 'api-url') !== undefined ? '--api-url' : 'DATACOMPARE_API_URL',
    apiKey: pick('api-key', 'DATACOMPARE_API_KEY'),
    workspaceId: pick('workspace-id', 'DATACOMPARE_WORKSPACE_ID'),
    logger: context.logger,
    signal: context.signal,
  });
}

/** A value from the service made safe for a terminal: control characters (escape sequences) shown as �. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value as number | boolean);
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '�');
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

/** A left-aligned plain-text table with a bold header on a terminal. */
export function renderTable(context: CliContext, headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [paint(context.stdout, '1', line(headers)), ...rows.map(line)].join('\n') + '\n';
}

/** "2026-01-31 12:00 UTC" from a service timestamp (naive = UTC). */
export function when(text: string | null | undefined): string {
  const date = parseServiceTimestamp(text);
  return date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
}

export const sourcesCommand: CliCommand = {
  name: 'sources',
  summary: 'list the data sources of a Data Comparison Service workspace',
  usage: 'sources [--filter TEXT] [--api-url URL] [--workspace-id UUID] [--json]',
  options: {
    filter: { type: 'string', valueName: 'TEXT', description: 'only names containing TEXT' },
    ...serviceOptions,
  },
  details: SERVICE_ENV_DETAILS,
  async run(values, context) {
    const client = serviceClient(values, context);
    const filter = stringOption(values, 'filter');
    const sources = await client.allSources(filter, context.signal);
    if (values.json === true) {
      context.stdout.write(`${JSON.stringify(sources, null, 2)}\n`);
      return ExitCode.match;
    }
    if (sources.length === 0) {
      context.stdout.write(filter ? `No data source name contains "${cell(filter)}".\n` : 'The workspace has no data sources.\n');
      return ExitCode.match;
    }
    const rows = sources.map((s) => [cell(s.name), cell(s.type), cell(s.status), String(s.dataset_count), when(s.last_scanned_at), s.id]);
    context.stdout.write(renderTable(context, ['NAME', 'TYPE', 'STATUS', 'DATASETS', 'LAST SCANNED', 'ID'], rows));
    return ExitCode.match;
  },
};
