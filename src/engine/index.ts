/**
 * The local engine's entry point: one comparison, from definition to result. Connections are opened
 * here (one for both sides when they are the same) and always closed; every failure becomes a result
 * with `status: 'error'` (redacted), never an exception.
 */
import { loadDialect } from '../dialects/registry.js';
import type { DatabaseConnection } from '../dialects/types.js';
import { ConfigurationError, TimeoutError, toDatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { DEFAULT_QUERY_TIMEOUT_MS, type ComparisonDefinition, type ComparisonResult, type EngineOptions, type RunComparison, type SideDefinition } from './model.js';
import { decideStatus, diffDetails, precisionNotes, rowReasons, schemaReasons } from './outcome.js';
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
  const connections: DatabaseConnection[] = [];
  const timeout = definition.timeoutMs !== undefined ? AbortSignal.timeout(definition.timeoutMs) : undefined;
  const signals = [options.signal, timeout].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  const progress = (phase: Parameters<NonNullable<EngineOptions['onProgress']>>[0]['phase'], message?: string) =>
    options.onProgress?.({ comparison: definition.name, phase, ...(message === undefined ? {} : { message }) });
  try {
    progress('connecting');
    const sourceConnection = await open(definition.source, definition, options);
    connections.push(sourceConnection);
    let targetConnection = sourceConnection;
    if (!sameConnection(definition.source.connection, definition.target.connection)) {
      targetConnection = await open(definition.target, definition, options);
      connections.push(targetConnection);
    }
    progress('introspecting');
    const [source, target] = await Promise.all([
      describeSide('source', definition.source, sourceConnection, signal),
      describeSide('target', definition.target, targetConnection, signal),
    ]);
    const resolved = resolveColumns(definition, source, target, { requireKeys: !definition.quickComparison });
    const schemaDiff = definition.schemaDiff ? computeSchemaDiff(source, target, resolved) : undefined;
    const schemaDiffers = schemaDiff !== undefined && !schemaDiffIsEmpty(schemaDiff);
    const reasons = schemaDiff ? schemaReasons(schemaDiff) : [];
    const context: DiffContext = { definition, source, target, resolved, logger: options.logger, progress, ...(signal ? { signal } : {}) };

    let result: ComparisonResult;
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
    const notes = definition.quickComparison ? [] : precisionNotes(resolved);
    if (notes.length > 0) result.notes = notes;
    if (result.result) result.result.time_taken = seconds();
    progress('done');
    return result;
  } catch (caught) {
    let error = toDatacompareError(caught);
    if (timeout?.aborted && !options.signal?.aborted) {
      const ms = definition.timeoutMs ?? 0;
      const limit = ms < 60_000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Number((ms / 60_000).toFixed(1))} min`;
      error = new TimeoutError(`The comparison did not finish within its time limit (${limit}).`, {
        cause: caught,
        hint: 'Raise timeout_minutes, add a filter, or compare fewer columns.',
      });
    }
    options.logger.debug(`${definition.name}: ${redact(error.message)}${'sql' in error && error.sql ? `\nSQL: ${redact(String(error.sql))}` : ''}`);
    const failure: ComparisonResult = {
      name: definition.name,
      status: 'error',
      error: { kind: error.kind, message: redact(error.message), ...(error.hint ? { hint: redact(error.hint) } : {}) },
    };
    progress('done', 'failed');
    return failure;
  } finally {
    await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
  }
}

async function open(side: SideDefinition, definition: ComparisonDefinition, options: EngineOptions): Promise<DatabaseConnection> {
  if (!side.connection) {
    throw new ConfigurationError(`Data source \`${side.datasourceName}\` exists only on the Data Comparison Service; it cannot be compared in local mode.`, {
      hint: 'Give the datasource a type and url/path in the spec, or run with mode: api.',
    });
  }
  const dialect = await loadDialect(side.connection.type);
  return dialect.connect(side.connection, {
    logger: options.logger,
    datasourceName: side.datasourceName,
    statementTimeoutMs: definition.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
  });
}

export type { ComparisonDefinition, ComparisonResult };
