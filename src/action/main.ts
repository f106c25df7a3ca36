/**
 * The action's composition root and its single catch: main or post (by saved state), and every
 * error turned into one redacted `core.setFailed` with its hint. Each step loads only what it uses
 * (dynamic imports: lazy chunks of the one bundle), so a bad spec fails fast.
 */
import * as core from './workflow-commands.js';
import { SpecError, toDatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { useDuckDBOnDemand } from './duckdb-install.js';
import { coreLogger } from './logger.js';
import { State } from './state.js';
import { killNotice } from '../shared/exit-holds.js';
import { graceFromEnv, stopOnSignals } from '../shared/process-stop.js';

export async function runAction(): Promise<void> {
  if (core.getState(State.isPost) === 'true') {
    const { runPost } = await import('./post.js');
    await runPost();
    return;
  }
  core.saveState(State.isPost, 'true');
  // The runner cancels a step (a cancelled run, the step's timeout-minutes) with SIGINT, then SIGTERM
  // 7.5 s later: the first stops the run and publishes the partial report; the grace period ends the
  // process before the runner kills it.
  const stop = stopOnSignals({
    exitCode: 1,
    secondSignal: 'hurry',
    graceMs: graceFromEnv(process.env),
    onStop: (request) =>
      core.warning(
        `datacompare: ${request.kind === 'timeout' ? `the time limit ${request.why} was reached` : `${request.why} received`}: stopping the running comparisons and publishing the partial report.`,
      ),
    onForcedExit: (why, held) =>
      core.setFailed(
        held.length === 0
          ? `datacompare: ${why}: exiting now; the report may be incomplete.`
          : `datacompare: ${why}: exiting now; ${killNotice(held)}; the report may be incomplete.`,
      ),
  });
  // DuckDB (duckdb/csv/parquet data sources) is not bundled: found or installed when first needed.
  useDuckDBOnDemand({ logger: coreLogger, signal: stop.signal });
  try {
    const { runMain } = await import('./run.js');
    await runMain({ signal: stop.signal, stop });
  } catch (thrown) {
    const error = toDatacompareError(thrown);
    if (error instanceof SpecError) {
      const n = error.problems.length;
      core.setFailed(`${error.problems[0]?.file ?? 'the spec file'} has ${n === 1 ? 'a problem' : `${n} problems`} (see the annotations and the job summary); nothing was run.`);
      return;
    }
    if (!error.isUserError && error.stack) core.debug(redact(error.stack));
    const { publishFailure } = await import('./publish-early.js');
    await publishFailure(error, coreLogger);
    core.setFailed(redact(error.hint ? `${error.message}\nhint: ${error.hint}` : error.message));
  }
}
