/** One comparison of an api-mode run, as ApiRun and the cleanup see it. */
import type { ExecuteIdentity } from '../api/recovery.js';
import type { Asked } from '../api/result-checks.js';
import type { ComparisonDefinition, ComparisonResult } from '../engine/model.js';

export interface Slot {
  definition: ComparisonDefinition;
  comparisonId?: string;
  runId?: number;
  taskId?: string;
  result?: ComparisonResult;
  /** Consecutive polls in which the service did not report this job. */
  missing?: number;
  /** The execute that starts (started) the job: its Idempotency-Key and the service time before it was sent. */
  identity?: ExecuteIdentity;
  /** This run created the comparison (its id is known to no one else). */
  ownComparison?: boolean;
  /** The agent batch's config id of this comparison, and the agent run id sent. */
  configId?: number;
  agentRunId?: string;
  /** What a stored comparison asks for, from its configuration on the service (else the spec's). */
  asked?: Asked;
  /** When the comparison's timeout_minutes runs out (our clock, ms). */
  deadline?: number;
}
