/** `datacompare jobs`: the comparison jobs of a Data Comparison Service workspace, newest first. */
import { JOB_STATUSES, MAX_PAGE_SIZE } from '../../api/contract.js';
import { ConfigurationError, ExitCode } from '../../shared/errors.js';
import { integerOption, listOption, stringOption } from '../args.js';
import type { CliCommand } from '../command.js';
import { cell, renderTable, SERVICE_ENV_DETAILS, serviceClient, serviceOptions, when } from './sources.js';

/** `--status failure,started --status PENDING` → ['FAILURE', 'STARTED', 'PENDING']; unknown words refused. */
export function parseStatuses(raw: string[]): string[] {
  const statuses = raw.flatMap((part) => part.split(',')).map((s) => s.trim().toUpperCase()).filter((s) => s !== '');
  const unknown = statuses.filter((s) => !(JOB_STATUSES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new ConfigurationError(`--status ${unknown.map((s) => `"${s.toLowerCase()}"`).join(', ')} is not a job status`, {
      hint: `use ${JOB_STATUSES.join(', ')} (any case, comma-separated or repeated)`,
    });
  }
  return [...new Set(statuses)];
}

export const jobsCommand: CliCommand = {
  name: 'jobs',
  summary: 'list the comparison jobs of a Data Comparison Service workspace',
  usage: 'jobs [--status STATUS]… [--filter NAME] [--page N] [--size N] [--api-url URL] [--workspace-id UUID] [--json]',
  options: {
    status: { type: 'string', multiple: true, valueName: 'STATUS', description: `only jobs in these statuses (${JOB_STATUSES.join(', ')}; several comma-separated)` },
    filter: { type: 'string', valueName: 'NAME', description: 'only comparisons whose name contains NAME' },
    page: { type: 'string', valueName: 'N', description: 'page number (default 1)' },
    size: { type: 'string', valueName: 'N', description: `jobs per page, at most ${MAX_PAGE_SIZE} (default 50)` },
    ...serviceOptions,
  },
  details: `Jobs of the last 30 days (the service's default range).\n${SERVICE_ENV_DETAILS}`,
  async run(values, context) {
    const statuses = parseStatuses(listOption(values, 'status'));
    const page = integerOption(values, 'page', { min: 1, max: 1_000_000 });
    const size = integerOption(values, 'size', { min: 1, max: MAX_PAGE_SIZE });
    const filter = stringOption(values, 'filter');
    const client = serviceClient(values, context);
    const answer = await client.listJobs(
      {
        ...(statuses.length > 0 ? { statuses } : {}),
        ...(filter !== undefined ? { filter } : {}),
        ...(page !== undefined ? { page } : {}),
        ...(size !== undefined ? { size } : {}),
      },
      context.signal,
    );
    if (values.json === true) {
      context.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
      return ExitCode.match;
    }
    if (answer.items.length === 0) {
      context.stdout.write('No jobs match.\n');
      return ExitCode.match;
    }
    const rows = answer.items.map((job) => [
      String(job.job_id),
      cell(job.status),
      cell(job.comparison_name),
      cell([job.source_datasource_name, job.source_dataset_name].filter(Boolean).join(' / ')),
      cell([job.target_datasource_name, job.target_dataset_name].filter(Boolean).join(' / ')),
      when(job.created_at),
      typeof job.time_taken === 'number' ? `${job.time_taken.toFixed(1)} s` : '',
      cell(job.status === 'FAILURE' ? job.message : ''),
    ]);
    context.stdout.write(renderTable(context, ['JOB', 'STATUS', 'COMPARISON', 'SOURCE', 'TARGET', 'CREATED', 'TIME', 'MESSAGE'], rows));
    context.stdout.write(`page ${answer.page} of ${Math.max(answer.pages, 1)} (${answer.total} job${answer.total === 1 ? '' : 's'})\n`);
    return ExitCode.match;
  },
};
