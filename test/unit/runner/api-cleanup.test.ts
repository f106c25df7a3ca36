import { describe, expect, it } from 'vitest';
import type { JobDetail } from '../../../src/api/contract.js';
import type { ComparisonDefinition } from '../../../src/engine/model.js';
import { foreignJob, formatLimit } from '../../../src/runner/api-cleanup.js';
import type { Slot } from '../../../src/runner/api-slot.js';

const definition = { name: 'orders' } as ComparisonDefinition;
const detail = (overrides: Partial<JobDetail> = {}): JobDetail => ({ run_id: 9, comparison_id: 'c-1', comparison_name: 'orders', status: 'STARTED', ...overrides });
const identity = { idempotencyKey: 'key-1', sentAfter: undefined };

describe('a job that is not this run\'s is refused', () => {
  it('names what differs: comparison id, name, Idempotency-Key, config id', () => {
    const single: Slot = { definition, comparisonId: 'c-1', ownComparison: true, identity };
    expect(foreignJob(single, detail())).toBeUndefined();
    expect(foreignJob(single, detail({ idempotency_key: 'key-1' }))).toBeUndefined();
    expect(foreignJob(single, detail({ comparison_id: 'c-2', comparison_name: 'other' }))).toBe(
      'The service reports job 9 as a run of comparison c-2 ("other"), not of comparison c-1 that this run created; its result is refused for "orders".',
    );
    expect(foreignJob(single, detail({ idempotency_key: 'key-2' }))).toBe(
      'The service reports that job 9 was started by another request (another Idempotency-Key); its result is refused for "orders".',
    );
    const batch: Slot = { definition, identity, configId: 2, agentRunId: 'a-1' };
    expect(foreignJob(batch, detail({ config_id: 2 }))).toBeUndefined();
    expect(foreignJob(batch, detail({ comparison_name: 'customers' }))).toBe(
      'The service reports job 9 as a run of "customers", not of "orders" that this run sent; its result is refused for "orders".',
    );
    expect(foreignJob(batch, detail({ config_id: 3 }))).toBe('The service reports job 9 as config 3 of its agent run, not config 2; its result is refused for "orders".');
  });

  it('words a time limit as local mode does', () => {
    expect([formatLimit(6000), formatLimit(90_000), formatLimit(3_600_000)]).toEqual(['6 s', '1.5 min', '60 min']);
  });
});
