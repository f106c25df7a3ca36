/**
 * The post step (runs after the job, even after a cancel). Local mode leaves nothing behind: every
 * database pool is closed by the main step. Api mode's cleanup (terminating jobs still running on
 * the service) is added by the API-client work.
 */
import * as core from '@actions/core';

export async function runPost(): Promise<void> {
  core.info('datacompare: nothing to clean up.');
}
