/**
 * The action's main step: inputs → spec → run → publish. The same code path as `datacompare run`;
 * what differs is where the report goes (job summary, annotations, PR comment, outputs).
 */
import path from 'node:path';
import * as core from './workflow-commands.js';
import type { ApiSettings } from '../runner/run-spec.js';
import type * as TextRenderers from '../report/text.js';
import { anySignal, StopRequest, stopRequestOf, timeLimit } from '../shared/abort.js';
import { checkWritableDir } from '../shared/output-paths.js';
import type { ProcessStop } from '../shared/process-stop.js';
import { heartbeatFromEnv, ProgressLog } from '../runner/progress-log.js';
import type { RunResult } from '../engine/model.js';
import type { RowsHint } from '../report/format.js';
import { ConfigurationError, SpecError } from '../shared/errors.js';
import { registeredSecrets } from '../shared/redact.js';
import { loadSpec } from '../spec/load.js';
import { addDbtComparisons } from '../dbt/derive.js';
import { readInputs, resolveMode, type ActionInputs } from './inputs.js';
import { coreLogger } from './logger.js';
import type { PublishOptions } from './publish.js';
import { publishSpecError } from './publish-early.js';
import { State } from './state.js';

export interface MainOptions {
  env?: NodeJS.ProcessEnv;
  /** Fires on SIGINT/SIGTERM (the runner's cancel), or the run's time limit once `stop` has it. */
  signal?: AbortSignal;
  /** The process's stop (main.ts): the run's time limit is set on it, so reaching it stops like a signal. */
  stop?: Pick<ProcessStop, 'setLimit'>;
}

export async function runMain(options: MainOptions = {}): Promise<void> {
  const env = options.env ?? process.env;
  const logger = coreLogger;
  const inputs = readInputs({ logger, env });
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const specFile = path.relative(workspace, path.resolve(workspace, inputs.spec)) || inputs.spec;
  const publishOptions: PublishOptions = { inputs, logger, specFile };

  // Connection URLs read from ${VAR}s (registered as the spec is read): masked in the runner's log too,
  // before anything about the spec is published.
  const maskSecrets = () => {
    for (const secret of registeredSecrets()) core.setSecret(secret);
  };
  let loaded;
  try {
    loaded = addDbtComparisons(await loadSpec(inputs.spec, { env, cwd: workspace, maxDiffRows: inputs.maxDiffRows }), {
      cwd: workspace,
      maxDiffRows: inputs.maxDiffRows,
      ...(inputs.dbtManifest && { manifest: inputs.dbtManifest }),
      ...(inputs.dbtBaseManifest && { baseManifest: inputs.dbtBaseManifest }),
    });
  } catch (error) {
    maskSecrets();
    if (error instanceof SpecError) await publishSpecError(error, publishOptions);
    throw error;
  }
  maskSecrets();

  // What runs and publishes a comparison: loaded once the spec is known to be good (a bad spec fails fast).
  const [{ runSpec }, text, { publishRun }, { actionRowsHint, plannedCsvNames }, { pullRequestFromEvent }, { maskRun, policiesOf }] = await Promise.all([
    import('../runner/run-spec.js'),
    import('../report/text.js'),
    import('./publish.js'),
    import('./report-files.js'),
    import('./comment.js'),
    import('../sensitive/mask.js'),
  ]);
  const mode = resolveMode(inputs);
  // Before anything runs: a result that cannot be written would be lost.
  await checkWritableDir(path.resolve(inputs.reportDir), 'the report-dir input');
  const limitWhy = `timeout-minutes: ${inputs.timeoutMinutes} (the action's input)`;
  let limit: ReturnType<typeof timeLimit> | undefined;
  if (options.stop) options.stop.setLimit(inputs.timeoutMinutes * 60_000, limitWhy);
  else limit = timeLimit(inputs.timeoutMinutes * 60_000, limitWhy);
  const signal = anySignal(options.signal, limit?.signal);
  const progress = new ProgressLog({ write: (line) => core.info(`datacompare: ${line}`), heartbeatMs: heartbeatFromEnv(env) });
  let run;
  try {
    run = await runSpec({
      loaded,
      only: inputs.comparisons,
      mode,
      logger,
      signal,
      ...(mode === 'api' && { api: apiSettings(inputs) }),
      onProgress: progress.onProgress,
      onJobsStarted: (jobs) => core.saveState(State.startedJobs, JSON.stringify(jobs)),
      onExecutes: (executes) => core.saveState(State.apiExecutes, JSON.stringify(executes)),
    });
  } finally {
    progress.stop();
    limit?.clear();
  }
  if (mode === 'api' && !signal.aborted && run.comparisons.every((c) => !c.error || !/cancel|timeout|could not be terminated/.test(`${c.error.kind} ${c.error.message}`))) {
    // every job ended: nothing for the post step to look for (it would list each execute's jobs again)
    core.saveState(State.apiExecutes, '[]');
    core.saveState(State.startedJobs, '[]');
  }
  const mask = inputs.maskSensitive === 'true' || (inputs.maskSensitive === 'auto' && pullRequestFromEvent(env) !== undefined);
  const masked = mask ? maskRun(run, policiesOf(loaded.definitions)) : undefined;
  for (const [comparison, columns] of masked?.masked ?? []) {
    logger.info(`${comparison}: masking ${[...columns].map(([column, why]) => `${column} (${why})`).join(', ')}`);
  }
  const logged = masked?.run ?? run;
  const csvNames = plannedCsvNames(logged);
  logComparisons(logged, text, actionRowsHint((c) => csvNames[logged.comparisons.indexOf(c)]));
  const stopped = signal.aborted ? (stopRequestOf(signal) ?? new StopRequest('cancelled', 'a cancel')) : undefined;
  const outcome = await publishRun(run, { ...publishOptions, ...(masked ? { masked: masked.run } : {}), ...(stopped ? { stopped: true } : {}) });
  if (stopped) {
    // Stopped: non-zero whatever fail-on says (the summary says which comparisons were stopped).
    const finished = run.comparisons.filter((c) => c.error?.kind !== 'cancelled' && c.error?.kind !== 'timeout').length;
    const what = stopped.kind === 'timeout' ? `the time limit ${stopped.why} was reached` : `${stopped.why} was received`;
    const service = mode === 'api' ? ` ${apiCancelMessage(run.comparisons)}` : '';
    core.setFailed(`Stopped: ${what}; ${finished} of ${run.comparisons.length} comparison(s) finished, the others are marked "stopped" in the job summary.${service}`);
    return;
  }
  if (outcome.failed) core.setFailed(outcome.message);
  else if (outcome.message) core.info(outcome.message);
}

/** Each comparison in a collapsed group of the log, titled by its status line (details and plan inside); then the run's line. */
function logComparisons(run: RunResult, text: typeof TextRenderers, rows: RowsHint): void {
  for (const comparison of run.comparisons) {
    const { head, body } = text.renderComparisonText(comparison, { color: false, showPlan: true, rows });
    core.startGroup(head);
    if (body) core.info(body);
    core.endGroup();
  }
  core.info(text.renderSummaryLine(run, { color: false }));
}

function apiSettings(inputs: ActionInputs): ApiSettings {
  const missing = [!inputs.apiUrl && 'api-url', !inputs.apiKey && 'api-key', !inputs.workspaceId && 'workspace-id'].filter(Boolean);
  if (!inputs.apiUrl || !inputs.apiKey || !inputs.workspaceId) {
    throw new ConfigurationError(`mode api needs the input(s) ${missing.join(', ')}`, {
      hint: 'set them in the step\'s `with:` (the key from a secret: api-key: ${{ secrets.DATACOMPARE_API_KEY }}), or use mode: local',
    });
  }
  return {
    url: inputs.apiUrl,
    urlSetting: 'the api-url input',
    workspaceSetting: 'the workspace-id input',
    key: inputs.apiKey,
    workspaceId: inputs.workspaceId,
    timeoutMs: inputs.timeoutMinutes * 60_000,
    ...(inputs.agentRunId && { agentRunId: inputs.agentRunId }),
  };
}

/** What a cancel did to the service's jobs, as the comparisons' results say (never "stopped" when they were not). */
function apiCancelMessage(comparisons: readonly { error?: { kind: string; message: string } | undefined }[]): string {
  const stopped = comparisons.filter((c) => c.error && (c.error.kind === 'cancelled' || c.error.kind === 'timeout'));
  const left = stopped.filter((c) => /could not be terminated/.test(c.error!.message)).length;
  const terminated = stopped.filter((c) => /was terminated on the service/.test(c.error!.message)).length;
  if (left > 0) return `${left} service job(s) could not be terminated (see the job summary); the post step tries again.`;
  return `${terminated} unfinished service job(s) were terminated on the service.`;
}
