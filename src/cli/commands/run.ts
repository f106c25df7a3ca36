/**
 * `datacompare run`: loads the spec, runs its comparisons (locally or on the service), prints the
 * terminal report and writes the JSON / markdown reports. Exit 0 all matched, 1 a difference, 2 an error.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProgressEvent, RunResult } from '../../engine/model.js';
import { csvFileNames, renderCsv } from '../../report/csv.js';
import type { RowsHint } from '../../report/format.js';
import { renderJson } from '../../report/json.js';
import { decideOutcome } from '../../report/outcome.js';
import { renderSummary } from '../../report/markdown-summary.js';
import { renderText } from '../../report/text.js';
import { maskRun, policiesOf } from '../../sensitive/mask.js';
import { runSpec, type ApiSettings } from '../../runner/run-spec.js';
import { ConfigurationError, ExitCode } from '../../shared/errors.js';
import { addSecret } from '../../shared/redact.js';
import { checkWritableFile } from '../../shared/output-paths.js';
import { loadSpec } from '../../spec/load.js';
import { addDbtComparisons } from '../../dbt/derive.js';
import { dbtCliOptions, dbtLines, dbtOptions } from './dbt-options.js';
import { DEFAULT_SPEC_PATH } from '../../spec/schema.js';
import { choiceOption, integerOption, listOption, stringOption } from '../args.js';
import type { CliCommand, CliContext, OptionValues, Output } from '../command.js';
import { paint } from '../terminal.js';
import { heartbeatFromEnv, ProgressLog, workText } from '../../runner/progress-log.js';

const DEFAULT_API_TIMEOUT_MS = 30 * 60_000;

export const runCommand: CliCommand = {
  name: 'run',
  summary: 'run the comparisons of the spec file and report every difference',
  usage: 'run [--spec FILE] [--comparison NAME]… [--mode local|api|auto] [--json FILE] [--markdown FILE] [--csv DIR] [--fail-on WHEN] [--max-diff-rows N] [--quiet] [--verbose]',
  options: {
    spec: { type: 'string', short: 's', valueName: 'FILE', default: DEFAULT_SPEC_PATH, description: 'the spec file' },
    comparison: { type: 'string', short: 'c', multiple: true, valueName: 'NAME', description: 'run only this comparison' },
    mode: { type: 'string', valueName: 'MODE', default: 'auto', description: 'local (our engine), api (the Data Comparison Service) or auto (api when DATACOMPARE_API_KEY is set)' },
    json: { type: 'string', valueName: 'FILE', description: 'write the full result (every kept row) as JSON' },
    markdown: { type: 'string', valueName: 'FILE', description: 'write the markdown summary (as in the job summary, never shortened)' },
    csv: { type: 'string', valueName: 'DIR', description: 'write one CSV per comparison with every kept differing row (as the action\'s report-dir)' },
    'fail-on': { type: 'string', valueName: 'WHEN', default: 'mismatch', description: 'exit non-zero on: mismatch (a difference or an error), error (only errors), never' },
    'max-diff-rows': { type: 'string', valueName: 'N', description: 'differing rows kept per comparison when the spec does not say (default 100)' },
    quiet: { type: 'boolean', short: 'q', description: 'print only the one-line outcome (and errors): no progress, no warnings' },
    verbose: { type: 'boolean', description: 'print debug lines (queries, plans, timings) to stderr' },
    ...dbtCliOptions,
  },
  details: [
    'Exit status: 0 every comparison matched, 1 at least one differs, 2 an error (bad spec, connection, failed job);',
    '--fail-on error exits 0 on a difference, --fail-on never exits 0 unless the spec itself is wrong (the action\'s fail-on rule).',
    '',
    'Environment (api mode): DATACOMPARE_API_URL, DATACOMPARE_API_KEY, DATACOMPARE_WORKSPACE_ID, DATACOMPARE_AGENT_RUN_ID.',
    'NO_COLOR=1 turns colours off; FORCE_COLOR=1 turns them on outside a terminal.',
  ].join('\n'),
  async run(values, context) {
    const requested = choiceOption(values, 'mode', ['local', 'api', 'auto'] as const) ?? 'auto';
    const failOn = choiceOption(values, 'fail-on', ['mismatch', 'error', 'never'] as const) ?? 'mismatch';
    const maxDiffRows = integerOption(values, 'max-diff-rows', { min: 0, max: 100_000 });
    const quiet = values.quiet === true;
    // Before anything runs: a result that cannot be written would be lost.
    for (const flag of ['json', 'markdown'] as const) {
      const file = stringOption(values, flag);
      if (file) await checkWritableFile(path.resolve(context.cwd, file), `the --${flag} file`);
    }
    const spec = await loadSpec(stringOption(values, 'spec') ?? DEFAULT_SPEC_PATH, {
      env: context.env,
      cwd: context.cwd,
      ...(maxDiffRows !== undefined && { maxDiffRows }),
    });
    const loaded = addDbtComparisons(spec, dbtOptions(values, context.cwd, maxDiffRows));
    const mode = requested === 'auto' ? (context.env.DATACOMPARE_API_KEY ? 'api' : 'local') : requested;
    const api = mode === 'api' ? apiSettings(context.env) : undefined;
    const csvDir = await csvDirectory(values, context);
    const progress = quiet ? undefined : progressPrinter(context.stderr, context.env);
    let run: RunResult;
    try {
      run = await runSpec({
        loaded,
        only: listOption(values, 'comparison'),
        mode,
        logger: context.logger,
        signal: context.signal,
        ...(api && { api }),
        ...(progress && { onProgress: progress.onProgress }),
      });
    } finally {
      progress?.finish();
    }
    // Values of sensitive columns (the spec's `sensitive`, default auto) never reach the terminal or the files.
    run = maskRun(run, policiesOf(loaded.definitions)).run;
    // The terminal report first: a report file that cannot be written must not hide the result.
    const outcome = decideOutcome(run, failOn);
    if (quiet) context.stdout.write(`${outcome.message}\n`);
    else {
      context.stdout.write(renderText(run, { color: context.stdout.color, showPlan: values.verbose === true, rows: cliRowsHint(run, values, csvDir) }));
      if (run.dbt) context.stdout.write(dbtLines(run.dbt));
    }
    await writeReports(run, values, context, maxDiffRows, csvDir);
    if (!outcome.failed) return ExitCode.match;
    return run.status === 'error' ? ExitCode.error : ExitCode.mismatch;
  },
};

/** API settings from the environment (the key never comes from a flag: flags show in `ps`). */
function apiSettings(env: NodeJS.ProcessEnv): ApiSettings {
  const url = env.DATACOMPARE_API_URL;
  const key = env.DATACOMPARE_API_KEY;
  const workspaceId = env.DATACOMPARE_WORKSPACE_ID;
  const missing = [!url && 'DATACOMPARE_API_URL', !key && 'DATACOMPARE_API_KEY', !workspaceId && 'DATACOMPARE_WORKSPACE_ID'].filter(Boolean);
  if (!url || !key || !workspaceId) {
    throw new ConfigurationError(`api mode needs ${missing.join(', ')}`, {
      hint: 'export them in your shell (the key from your secret store), or run with --mode local',
    });
  }
  addSecret(key);
  return {
    url,
    urlSetting: 'DATACOMPARE_API_URL',
    workspaceSetting: 'DATACOMPARE_WORKSPACE_ID',
    key,
    workspaceId,
    timeoutMs: DEFAULT_API_TIMEOUT_MS,
    ...(env.DATACOMPARE_AGENT_RUN_ID && { agentRunId: env.DATACOMPARE_AGENT_RUN_ID }),
  };
}

/**
 * Progress on stderr. On a terminal: one line, rewritten in place with the latest phase (and how far
 * it got) of the comparison that moved last, cleared at the end. Elsewhere (CI logs, pipes): a line
 * per phase and a heartbeat at most every 30 s (progress-log.ts).
 */
function progressPrinter(stderr: Output, env: NodeJS.ProcessEnv): { onProgress: (event: ProgressEvent) => void; finish: () => void } {
  if (!stderr.color) {
    const log = new ProgressLog({ write: (line) => stderr.write(`· ${line}\n`), heartbeatMs: heartbeatFromEnv(env) });
    return { onProgress: log.onProgress, finish: () => log.stop() };
  }
  const messages = new Map<string, string>();
  let live = false;
  let shown = 0;
  const onProgress = (event: ProgressEvent) => {
    if (event.message !== undefined && event.phase !== 'done') messages.set(event.comparison, `${event.phase} (${event.message})`);
    else if (!event.work) messages.set(event.comparison, event.phase);
    // Work ticks come often: the line is rewritten at most 5 times a second.
    const now = Date.now();
    if (event.work && now - shown < 200) return;
    shown = now;
    const what = messages.get(event.comparison) ?? event.phase;
    const text = `${event.comparison}: ${event.phase === 'done' ? 'done' : `${what}${event.work ? `, ${workText(event.work)}` : ''}…`}`;
    stderr.write(`\r\u001b[K${paint(stderr, '2', `· ${text}`)}`);
    live = true;
  };
  const finish = () => {
    if (live) stderr.write('\r\u001b[K');
  };
  return { onProgress, finish };
}

/** The --csv folder, created before anything runs (a folder that cannot be made must not cost the comparison). */
async function csvDirectory(values: OptionValues, context: CliContext): Promise<string | undefined> {
  const dir = stringOption(values, 'csv');
  if (!dir) return undefined;
  const resolved = path.resolve(context.cwd, dir);
  try {
    await mkdir(resolved, { recursive: true });
  } catch (error) {
    throw new ConfigurationError(`cannot create the --csv folder ${resolved}: ${(error as Error).message}`, { cause: error, hint: 'pass a folder you can write to' });
  }
  return resolved;
}

/** Where the CLI put each comparison's rows, in CLI flags (never an action input). */
function cliRowsHint(run: RunResult, values: OptionValues, csvDir: string | undefined): RowsHint {
  const names = csvFileNames(run.comparisons.map((c) => c.name));
  const json = stringOption(values, 'json');
  return {
    at: (c) => {
      const name = names[run.comparisons.indexOf(c)];
      if (csvDir && name) return `${path.join(csvDir, name)} (--csv)`;
      return json ? `${json} (--json)` : undefined;
    },
    more: '`max_diff_rows` in the spec (or `--max-diff-rows N`)',
    nowhere: '`--csv DIR` or `--json FILE` writes every kept row',
  };
}

async function writeReports(run: RunResult, values: OptionValues, context: CliContext, maxDiffRows: number | undefined, csvDir: string | undefined): Promise<void> {
  const json = stringOption(values, 'json');
  const markdown = stringOption(values, 'markdown');
  if (json) await writeReport(path.resolve(context.cwd, json), renderJson(run), '--json');
  if (markdown) await writeReport(path.resolve(context.cwd, markdown), renderSummary(run, { maxDiffRows: maxDiffRows ?? 20, budgetBytes: Number.POSITIVE_INFINITY, rows: cliRowsHint(run, values, csvDir) }), '--markdown');
  if (csvDir) {
    const names = csvFileNames(run.comparisons.map((c) => c.name));
    for (const [index, comparison] of run.comparisons.entries()) {
      const name = names[index];
      if (name === undefined || comparison.status === 'error') continue;
      await writeReport(path.join(csvDir, name), renderCsv(comparison), '--csv');
    }
  }
}

async function writeReport(file: string, text: string, flag: string): Promise<void> {
  try {
    await writeFile(file, text);
  } catch (error) {
    throw new ConfigurationError(`cannot write ${flag} file ${file}: ${(error as Error).message}`, { cause: error, hint: 'check that its folder exists and is writable' });
  }
}
