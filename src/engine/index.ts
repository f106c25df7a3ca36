/**
 * The local engine's entry point: one comparison, from definition to result. Connections are opened
 * here (one for both sides when they are the same) and always closed; every failure becomes a result
 * with `status: 'error'` (redacted), never an exception.
 */
import { loadDialect } from '../dialects/registry.js';
import type { DatabaseConnection } from '../dialects/types.js';
import { anySignal, formatLimit, stopRequestOf, timeLimit, untilAborted } from '../shared/abort.js';
import { CancelledError, ConfigurationError, TimeoutError, toDatacompareError, type DatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { DEFAULT_QUERY_TIMEOUT_MS, type ComparisonDefinition, type ComparisonResult, type EngineOptions, type OpenedConnection, type ProgressEvent, type RunComparison, type SideDefinition } from './model.js';
import { OpenConnections } from './connections.js';
import { acceptedNotes, caseFoldingNotes, decideStatus, diffDetails, precisionNotes, rowReasons, schemaReasons } from './outcome.js';
import { planDiff, sameConnection, strategies, type DiffStrategy } from './plan.js';
import { quickComparison } from './quick.js';
import { profileComparison } from './profile.js';
import { resolveColumns } from './resolve.js';
import { computeSchemaDiff, schemaDiffIsEmpty } from './schema-diff.js';
import { describeSide } from './sides.js';
import type { DiffContext } from './diff-outcome.js';

export const runComparison: RunComparison = (definition, options) => compare(definition, options);

/** runComparison with a chosen list of diff strategies (tests force the streaming merge with it). */
export async function compare(
  definition: ComparisonDefinition,
  options: EngineOptions,
  candidates: readonly DiffStrategy[] = strategies,
): Promise<ComparisonResult> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const connections = new OpenConnections();
  // The comparison's own time limit, named by where it was set (the runner around it names it alike).
  const own = definition.timeoutMs === undefined ? undefined : { ms: definition.timeoutMs, name: definition.timeoutSetting ?? `timeout_minutes (${formatLimit(definition.timeoutMs)})` };
  const limit = own && timeLimit(own.ms, own.name);
  const signal = options.signal || limit ? anySignal(options.signal, limit?.signal) : undefined;
  let last: { phase: ProgressEvent['phase']; message?: string } = { phase: 'connecting' };
  const progress: DiffContext['progress'] = (phase, message, work) => {
    if (phase !== last.phase || message !== undefined) last = { phase, ...(message === undefined ? {} : { message }) };
    options.onProgress?.({ comparison: definition.name, phase, ...(message === undefined ? {} : { message }), ...(work ? { work } : {}) });
  };
  let failed = false;
  try {
    // A stop ends the wait at once: whatever a query or a stream still holds, the connections are destroyed below.
    const result = await untilAborted(run(definition, options, candidates, connections, progress, signal), signal);
    if (result.result) result.result.time_taken = seconds();
    progress('done');
    return result;
  } catch (caught) {
    failed = true;
    const error = stoppedError(signal, last, seconds(), { name: own?.name, hint: comparisonLimitHint(definition) }) ?? timedOut(caught, definition, limit?.signal) ?? toDatacompareError(caught);
    options.logger.debug(`${definition.name}: ${redact(error.message)}${'sql' in error && error.sql ? `\nSQL: ${redact(String(error.sql))}` : ''}`);
    const failure: ComparisonResult = {
      name: definition.name,
      status: 'error',
      error: { kind: error.kind, message: redact(error.message), ...(error.hint ? { hint: redact(error.hint) } : {}) },
    };
    progress('done', signal?.aborted ? 'stopped' : 'failed');
    return failure;
  } finally {
    limit?.clear();
    // A stop, or a failure on one side while the other may still be scanning: end what still runs on the
    // servers at once (a polite close would wait for the other side's query to finish, minutes on a big table).
    if (signal?.aborted || failed) await connections.destroyAll();
    else await connections.closeAll();
  }
}

async function run(
  definition: ComparisonDefinition,
  options: EngineOptions,
  candidates: readonly DiffStrategy[],
  connections: OpenConnections,
  progress: DiffContext['progress'],
  signal: AbortSignal | undefined,
): Promise<ComparisonResult> {
  progress('connecting');
  const sourceConnection = connections.add(await open(definition.source, definition, options));
  // With the settings they were opened from: the run asks each data source's role on them (afterDescribe).
  const opened: OpenedConnection[] = [{ config: definition.source.connection!, connection: sourceConnection }];
  let targetConnection = sourceConnection;
  if (!sameConnection(definition.source.connection, definition.target.connection)) {
    targetConnection = connections.add(await open(definition.target, definition, options));
    opened.push({ config: definition.target.connection!, connection: targetConnection });
  }
  progress('introspecting');
  const [source, target] = await Promise.all([
    describeSide('source', definition.source, sourceConnection, signal),
    describeSide('target', definition.target, targetConnection, signal),
  ]);
  await options.afterDescribe?.(opened, signal).catch((error: unknown) => options.logger.debug(`${definition.name}: after describing: ${redact(String(error))}`));
  const resolved = resolveColumns(definition, source, target, { requireKeys: !definition.quickComparison });
  const schemaDiff = definition.schemaDiff ? computeSchemaDiff(source, target, resolved) : undefined;
  const schemaDiffers = schemaDiff !== undefined && !schemaDiffIsEmpty(schemaDiff);
  const reasons = schemaDiff ? schemaReasons(schemaDiff) : [];
  const context: DiffContext = { definition, source, target, resolved, logger: options.logger, progress, ...(signal ? { signal } : {}) };

  let result: ComparisonResult;
  let accepted: string[] = [];
  if (definition.quickComparison) {
    progress('counting');
    const quick = await quickComparison(context);
    reasons.push(...quick.reasons);
    const profile = definition.profile ? await profileComparison(context) : undefined;
    if (profile) reasons.push(...profile.reasons);
    const diffStatus = reasons.length > 0 ? 'MISMATCH' : 'MATCH';
    result = {
      name: definition.name,
      ...decideStatus(definition, diffStatus, quick.stats, schemaDiffers),
      result: { diff_status: diffStatus, diff_reasons: reasons, time_taken: 0 },
      stats: quick.stats,
      plan: quick.plan,
      ...(profile && profile.differences.length > 0 && { profile: profile.differences }),
    };
  } else {
    const plan = planDiff(context, candidates);
    options.logger.debug(`${definition.name}: ${plan.reason}`);
    const outcome = await plan.run(context);
    // A comparison that accepts kinds says how many rows it accepted, 0 included (a plan that read no changed row sets none).
    if (definition.accept && definition.accept.length > 0) outcome.stats.accepted_rows ??= 0;
    accepted = acceptedNotes(outcome);
    reasons.push(...rowReasons(outcome, resolved, source, target));
    const diffStatus = reasons.length > 0 ? 'MISMATCH' : 'MATCH';
    result = {
      name: definition.name,
      ...decideStatus(definition, diffStatus, outcome.stats, schemaDiffers),
      result: { diff_status: diffStatus, diff_reasons: reasons, time_taken: 0 },
      stats: outcome.stats,
      diff: diffDetails(outcome, resolved),
      plan: {
        kind: outcome.replanned?.kind ?? plan.kind,
        reason: outcome.replanned?.reason ?? (outcome.detail ? `${plan.reason} ${outcome.detail}` : plan.reason),
        source: outcome.sent.source,
        target: outcome.sent.target,
        ...(outcome.phases ? { phases_ms: outcome.phases } : {}),
      },
    };
  }
  if (schemaDiff) result.schema_diff = schemaDiff;
  const notes = definition.quickComparison ? [] : [...precisionNotes(resolved), ...caseFoldingNotes(resolved), ...accepted];
  if (notes.length > 0) result.notes = notes;
  return result;
}

/** How to raise the comparison's own time limit, in the words of whoever set it (the spec's by default). */
function comparisonLimitHint(definition: ComparisonDefinition): string {
  return definition.limitHints?.comparison ?? 'Raise timeout_minutes, add a filter, or compare fewer columns.';
}

/**
 * A comparison stopped by a StopRequest (a signal, the run's or its own time limit): "stopped: <why>",
 * with what it was doing and for how long. The comparison's own limit (`own.name`, whoever armed it:
 * the engine or the runner around it) is raised as `own.hint` says; a run's limit, as a run's is.
 */
function stoppedError(signal: AbortSignal | undefined, last: { phase: string; message?: string }, elapsed: number, own: { name: string | undefined; hint: string }): DatacompareError | undefined {
  const request = stopRequestOf(signal);
  if (!request) return undefined;
  const doing = `while ${last.phase}${last.message ? ` (${last.message})` : ''}, after ${formatLimit(elapsed * 1000)}`;
  if (request.kind === 'timeout') {
    return new TimeoutError(`stopped: the time limit ${request.why} was reached ${doing}.`, {
      cause: request,
      hint: request.why === own.name ? own.hint : 'Raise the time limit, or run fewer or smaller comparisons per run.',
    });
  }
  return new CancelledError(`stopped: ${request.why} received ${doing}.`, { cause: request });
}

/** The comparison's own limit, fired by a signal without a StopRequest (callers' AbortSignal.timeout). */
function timedOut(caught: unknown, definition: ComparisonDefinition, limit: AbortSignal | undefined): DatacompareError | undefined {
  if (!limit?.aborted) return undefined;
  return new TimeoutError(`The comparison did not finish within its time limit (${formatLimit(definition.timeoutMs ?? 0)}).`, {
    cause: caught,
    hint: comparisonLimitHint(definition),
  });
}

async function open(side: SideDefinition, definition: ComparisonDefinition, options: EngineOptions): Promise<DatabaseConnection> {
  if (!side.connection) {
    throw new ConfigurationError(`Data source \`${side.datasourceName}\` exists only on the Data Comparison Service; it cannot be compared in local mode.`, {
      hint: 'Give the datasource a type and url/path in the spec, or run with mode: api.',
    });
  }
  const dialect = await loadDialect(side.connection.type);
  const admitSession = options.sessionGate?.(side);
  return dialect.connect(side.connection, {
    logger: options.logger,
    datasourceName: side.datasourceName,
    statementTimeoutMs: definition.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    ...(definition.limitHints?.statement !== undefined && { statementTimeoutHint: definition.limitHints.statement }),
    ...(admitSession && { admitSession }),
  });
}

export type { ComparisonDefinition, ComparisonResult };
