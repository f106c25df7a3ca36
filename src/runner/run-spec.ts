/**
 * Runs the comparisons of a loaded spec, locally (our engine, two at a time, each with its own time
 * limit) or on the Data Comparison Service, and gathers one RunResult in spec order. A comparison
 * that fails becomes a `status: 'error'` result and the others still run. The engine and the service
 * client are loaded only by the mode that uses them (start-up: `validate` and a bad spec load neither).
 */
import type { ComparisonDefinition, ComparisonResult, DbtRunInfo, ProgressEvent, RunComparison, RunResult } from '../engine/model.js';
import { withDbt } from './dbt-result.js';
import { overallStatus, sideLabels } from '../engine/model.js';
import { anySignal, formatLimit, timeLimit } from '../shared/abort.js';
import { ConfigurationError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import type { LoadedSpec } from '../spec/load.js';
import type { Spec } from '../spec/schema.js';
import { isApiOnly } from '../spec/resolve.js';
import { suggestionHint } from '../spec/suggest.js';
import type { ApiSettings, PendingExecute, StartedJob } from './api-mode.js';
import { classifyFailure, errorResult, stoppedRun } from './error-result.js';
import { mapWithLimit } from './pool.js';
import { PrivilegeWarnings } from './privilege-warnings.js';

/** How many local comparisons run at once (each opens up to two connections). */
export const LOCAL_CONCURRENCY = 2;

export type { ApiSettings, StartedJob } from './api-mode.js';

export interface RunSpecOptions {
  loaded: LoadedSpec & { dbt?: DbtRunInfo };
  /** Names of the comparisons to run; empty or undefined = all. */
  only?: string[];
  mode: 'local' | 'api';
  logger: Logger;
  signal?: AbortSignal;
  api?: ApiSettings;
  onProgress?: (event: ProgressEvent) => void;
  onJobsStarted?: (jobs: StartedJob[]) => void;
  /** api mode: every execute about to be sent, before it is (the action saves them for its post step). */
  onExecutes?: (executes: PendingExecute[]) => void;
  /** The local engine; tests pass their own to observe scheduling. Default: src/engine's runComparison. */
  engine?: RunComparison;
}

export async function runSpec(options: RunSpecOptions): Promise<RunResult> {
  const definitions = selectComparisons(options.loaded.definitions, options.only ?? []);
  const startedAt = new Date().toISOString();
  options.logger.debug(`running ${definitions.length} comparison(s) in ${options.mode} mode: ${definitions.map((d) => d.name).join(', ')}`);
  const results = options.mode === 'api' ? await runApi(definitions, options) : await runLocal(definitions, options);
  // A stored comparison (comparison_id alone) names no sides here: its data sources are the service's.
  const comparisons = results.map((result, index) => {
    const definition = definitions[index]!;
    return withDbt({ ...result, ...(isApiOnly(definition) ? {} : { sides: sideLabels(definition) }), location: definition.location }, definition);
  });
  return {
    version: 1,
    status: overallStatus(comparisons),
    mode: options.mode,
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    comparisons,
    ...(options.loaded.dbt && { dbt: options.loaded.dbt }),
  };
}

/** The definitions named by `only`, in spec order; an unknown name is the user's mistake. */
export function selectComparisons(definitions: ComparisonDefinition[], only: readonly string[]): ComparisonDefinition[] {
  if (only.length === 0) return definitions;
  const names = definitions.map((d) => d.name);
  const unknown = only.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new ConfigurationError(`unknown comparison ${unknown.map((n) => `"${n}"`).join(', ')}`, {
      hint: suggestionHint(unknown[0]!, names, 'comparisons').replace('allowed comparisons', 'the spec has'),
    });
  }
  return definitions.filter((d) => only.includes(d.name));
}

async function runLocal(definitions: ComparisonDefinition[], options: RunSpecOptions): Promise<ComparisonResult[]> {
  // Each data source's role is asked on a comparison's own connection once its tables are described (privilege-warnings.ts).
  const privileges = options.engine ? undefined : new PrivilegeWarnings(definitions, options.logger, options.signal, privilegedAllowed(options.loaded.spec));
  const engine = options.engine ?? (await import('../engine/index.js')).runComparison;
  try {
    return await compareLocally(definitions, engine, options, privileges);
  } finally {
    await privileges?.askTheRest();
  }
}

function compareLocally(definitions: ComparisonDefinition[], engine: RunComparison, options: RunSpecOptions, privileges?: PrivilegeWarnings): Promise<ComparisonResult[]> {
  return mapWithLimit(definitions, LOCAL_CONCURRENCY, async (definition) => {
    const refusal = localRefusal(definition);
    if (refusal) return errorResult(definition.name, refusal);
    if (options.signal?.aborted) return errorResult(definition.name, stoppedRun(options.signal, 'started'));
    // Its own time limit, naming where it was set (the engine reports a StopRequest as "stopped: <why>").
    const limit = definition.timeoutMs !== undefined ? timeLimit(definition.timeoutMs, definition.timeoutSetting ?? `timeout_minutes (${formatLimit(definition.timeoutMs)})`) : undefined;
    const signal = options.signal || limit ? anySignal(options.signal, limit?.signal) : undefined;
    try {
      const result = await engine(definition, {
        logger: options.logger,
        ...(signal && { signal }),
        ...(options.onProgress && { onProgress: options.onProgress }),
        ...(privileges && { afterDescribe: privileges.askOn }),
      });
      return { ...result, name: definition.name };
    } catch (error) {
      const failure = classifyFailure(error, {
        ...(options.signal && { outer: options.signal }),
        ...(definition.timeoutMs !== undefined && { timeoutMs: definition.timeoutMs }),
      });
      options.logger.debug(`comparison ${definition.name} failed: ${failure.kind}: ${failure.message}`);
      return errorResult(definition.name, failure);
    } finally {
      limit?.clear();
      options.onProgress?.({ comparison: definition.name, phase: 'done' });
    }
  });
}

/** The data sources whose spec says `allow_privileged: true`. */
function privilegedAllowed(spec: Spec): Set<string> {
  return new Set(Object.entries(spec.datasources).flatMap(([name, datasource]) => ('allow_privileged' in datasource && datasource.allow_privileged === true ? [name] : [])));
}

/** Why a comparison cannot run locally (it lives only on the service), if it cannot. */
function localRefusal(definition: ComparisonDefinition): ConfigurationError | undefined {
  if (isApiOnly(definition)) {
    return new ConfigurationError(`comparison "${definition.name}" only names a comparison_id stored on the service, so it runs in api mode only`, {
      hint: 'run with --mode api (CLI) or set the api-key input (action); or give it source and target to run it locally',
    });
  }
  for (const side of [definition.source, definition.target]) {
    if (side.connection === null) {
      return new ConfigurationError(`datasource "${side.datasourceName}" is of type service, so comparison "${definition.name}" runs in api mode only`, {
        hint: 'declare the datasource with its type and url (or path) to compare it locally',
      });
    }
  }
  return undefined;
}

async function runApi(definitions: ComparisonDefinition[], options: RunSpecOptions): Promise<ComparisonResult[]> {
  if (!options.api) {
    throw new ConfigurationError('api mode needs the service URL, an API key and a workspace id', {
      hint: 'action: set the api-url, api-key and workspace-id inputs; CLI: set DATACOMPARE_API_URL, DATACOMPARE_API_KEY and DATACOMPARE_WORKSPACE_ID',
    });
  }
  const { runApiComparisons } = await import('./api-mode.js');
  return runApiComparisons(definitions, {
    api: options.api,
    logger: options.logger,
    ...(options.signal && { signal: options.signal }),
    ...(options.onProgress && { onProgress: options.onProgress }),
    ...(options.onJobsStarted && { onJobsStarted: options.onJobsStarted }),
    ...(options.onExecutes && { onExecutes: options.onExecutes }),
  });
}
