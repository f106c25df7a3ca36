/**
 * The checksum diff as a planner strategy: it applies when the sides are on different connections
 * and every compared value is exact canonical text (no tolerance, no float or JSON column, whose
 * equality is not a byte equality of SQL text); the run itself may still hand over to the streaming
 * merge (tiny tables, repeated keys, most buckets differing) and says so in the plan.
 */
import type { DiffStrategy } from '../diff-outcome.js';
import type { DiffContext } from '../diff-outcome.js';
import type { ConnectionConfig } from '../model.js';
import { finishedInJs } from '../resolve.js';
import { DEFAULT_TUNING, runChecksumDiff, type ChecksumTuning } from './checksum-diff.js';

const INEXACT_FAMILIES = new Set(['float', 'json', 'unknown']);

/** Why the checksum diff cannot be exact for this comparison, or undefined when it can. */
export function checksumObstacle({ resolved, source, target }: DiffContext): string | undefined {
  const tolerant = resolved.columns.filter((pair) => pair.tolerance !== undefined).map((pair) => `\`${pair.source}\``);
  if (tolerant.length > 0) return `column ${tolerant.join(', ')} has a numeric tolerance`;
  const inexact = [...resolved.keys, ...resolved.columns].filter((pair) => INEXACT_FAMILIES.has(pair.family)).map((pair) => `\`${pair.source}\` (${pair.family})`);
  if (inexact.length > 0) return `column ${inexact.join(', ')} is compared after normalisation in JavaScript`;
  const collections = resolved.columns
    .filter((pair) => finishedInJs(pair, 'source', source.connection.compiler) || finishedInJs(pair, 'target', target.connection.compiler))
    .map((pair) => `\`${pair.source}\` (read as a ${pair.family})`);
  if (collections.length > 0) return `column ${collections.join(', ')} is compared after normalisation in JavaScript`;
  return undefined;
}

export function checksumStrategy(
  sameConnection: (a: ConnectionConfig | null, b: ConnectionConfig | null) => boolean,
  tuning: ChecksumTuning = DEFAULT_TUNING,
): DiffStrategy {
  return {
    kind: 'checksum',
    applies: (context) => {
      const { definition } = context;
      if (sameConnection(definition.source.connection, definition.target.connection)) return undefined;
      if (checksumObstacle(context) !== undefined) return undefined;
      return 'The sides are on different connections, so each database checksums its rows in buckets of keys and only differing buckets are fetched.';
    },
    run: (context) => runChecksumDiff(context, tuning),
  };
}
