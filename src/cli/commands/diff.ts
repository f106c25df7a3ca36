/** `datacompare diff <job-id>`: a service job's status and its row-level differences, as tables. */
import type { DiffDetailsData, JobDetail } from '../../api/contract.js';
import { ConfigurationError, ExitCode, ServiceError } from '../../shared/errors.js';
import { integerOption, listOption, stringOption } from '../args.js';
import type { CliCommand, CliContext } from '../command.js';
import { paint } from '../terminal.js';
import { cell, renderTable, SERVICE_ENV_DETAILS, serviceClient, serviceOptions } from './sources.js';

function jobId(raw: string | undefined): number {
  if (raw === undefined) throw new ConfigurationError('datacompare diff needs a job id', { hint: 'datacompare diff 42 (`datacompare jobs` lists them)' });
  if (!/^[1-9]\d{0,15}$/.test(raw.trim())) throw new ConfigurationError(`the job id must be a positive whole number, not "${raw}"`);
  return Number(raw.trim());
}

export const diffCommand: CliCommand = {
  name: 'diff',
  summary: 'show a service job\'s status and its differing rows',
  usage: 'diff <job-id> [--max-rows N] [--api-url URL] [--workspace-id UUID] [--json]',
  positionals: { max: 1 },
  options: {
    job: { type: 'string', valueName: 'ID', description: 'the job id (also accepted as the first argument)' },
    'max-rows': { type: 'string', valueName: 'N', description: 'differing rows shown (default 50)' },
    ...serviceOptions,
  },
  details: `Exit status: 0 the job found no difference, 1 it found differences, 2 the job failed, is still running or an error.\n${SERVICE_ENV_DETAILS.split('\n')[0]}`,
  async run(values, context) {
    const id = jobId(stringOption(values, 'job') ?? listOption(values, '_')[0]);
    const maxRows = integerOption(values, 'max-rows', { min: 0, max: 100_000 }) ?? 50;
    const client = serviceClient(values, context);
    const [detail] = await client.jobDetails([id], { signal: context.signal });
    if (!detail) throw new ServiceError(`The service has no job ${id} in this workspace.`, { hint: '`datacompare jobs` lists the jobs' });
    const finished = detail.status === 'SUCCESS';
    const diff = finished ? await client.diffDetails(id, { signal: context.signal }) : undefined;
    if (values.json === true) {
      context.stdout.write(`${JSON.stringify({ job: detail, diff: diff ?? null }, null, 2)}\n`);
    } else {
      context.stdout.write(renderJob(context, detail, diff, maxRows));
    }
    if (!finished) return ExitCode.error;
    if (detail.result?.diff_status === 'MATCH') return ExitCode.match;
    return detail.result?.diff_status === 'MISMATCH' ? ExitCode.mismatch : ExitCode.error;
  },
};

export function renderJob(context: CliContext, detail: JobDetail, diff: DiffDetailsData | undefined, maxRows: number): string {
  const out: string[] = [];
  const status = detail.result?.diff_status ? `${detail.status} · ${detail.result.diff_status}` : detail.status;
  out.push(`${paint(context.stdout, '1', `Job ${detail.run_id}`)}  ${cell(detail.comparison_name)}  ${cell(status)}`);
  if (detail.status === 'FAILURE') out.push(`Failure: ${cell(detail.failure_reason ?? detail.message ?? 'no reason given')}`);
  if (detail.status !== 'SUCCESS' && detail.status !== 'FAILURE') out.push('The job has not finished: its differences are not available yet.');
  for (const reason of detail.result?.diff_reasons ?? []) out.push(`  • ${cell(reason)}`);
  if (!diff) return `${out.join('\n')}\n`;
  out.push('', `Key: ${diff.primary_key_columns.map(cell).join(', ') || '(none)'}`);
  const mismatched = Object.entries(diff.mismatched_columns_mapping);
  if (mismatched.length > 0) {
    out.push('', renderTable(context, ['COLUMN', 'MISMATCHES', 'DETAILS'], mismatched.map(([column, m]) => [cell(column), String(m.mismatch_count), cell(m.details)])).trimEnd());
  }
  if (diff.diff_rows.length > 0) {
    const rows = diff.diff_rows.slice(0, maxRows);
    const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    out.push('', renderTable(context, headers.map((h) => h.toUpperCase()), rows.map((row) => headers.map((h) => cell(row[h])))).trimEnd());
    const total = diff.diff_rows_total ?? diff.diff_rows.length;
    if (total > rows.length) out.push(`${rows.length} of ${total} differing rows shown${diff.diff_rows.length < total ? ' (the service kept ' + diff.diff_rows.length + ')' : ''}.`);
  } else {
    out.push('', 'No differing rows.');
  }
  return `${out.join('\n')}\n`;
}
