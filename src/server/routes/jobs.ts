/** Jobs: details (4.6), list (4.7), diff details (4.8), terminate (4.9). */
import * as c from '../../api/contract.js';
import { conflict, notFound } from '../http-errors.js';
import { diffJson, streamedDiffView } from '../diff-view.js';
import { page, presentJobDetail, presentJobListItem } from '../presenters.js';
import { streamedResponse } from '../streamed-response.js';
import { sourceFacts, maskJobFor, viewerMasking } from '../viewer-masking.js';
import type { JobRecord } from '../storage/store.js';
import { route, type Route } from '../router.js';
import type { ServerServices } from '../services.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** ISO 8601 → normalised UTC text; a timestamp without an offset is UTC. */
function utc(text: string): string {
  const naive = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  return new Date(naive ? `${text}Z` : text).toISOString();
}

export function jobRoutes(services: ServerServices): Route[] {
  const { store, jobs } = services;
  /** The jobs as the key may see them: without read:sensitive, no database message, no sensitive key in a reason. */
  const asSeen = async (permissions: ReadonlySet<string>, list: JobRecord[]): Promise<JobRecord[]> => {
    if (permissions.has('read:sensitive')) return list;
    const facts = sourceFacts(services);
    return Promise.all(list.map(async (job) => maskJobFor(job, await viewerMasking(job, facts))));
  };
  return [
    route({
      method: 'POST',
      path: '/jobs/comparison/details',
      summary: 'Details of a list of jobs (bare array of ids, or {"job_ids": [...]})',
      permission: 'read:job',
      body: c.jobDetailsBodySchema,
      response: c.jobDetailsResponseSchema,
      status: 200,
      async handle(context) {
        const ids = [...new Set(context.body)];
        const found = await asSeen(context.permissions, await store.jobsByIds(context.workspaceId, ids));
        const byId = new Map(found.map((job) => [job.id, job]));
        const notFoundIds = ids.filter((id) => !byId.has(id));
        return {
          body: {
            message: `${found.length} job(s).`,
            meta: { not_found: notFoundIds },
            data: ids.flatMap((id) => {
              const job = byId.get(id);
              return job ? [presentJobDetail(job)] : [];
            }),
          },
        };
      },
    }),
    route({
      method: 'GET',
      path: '/jobs/comparison',
      summary: 'List comparison jobs (default: the last 30 days)',
      permission: 'read:job',
      query: c.jobListQuerySchema,
      response: c.jobListResponseSchema,
      status: 200,
      async handle(context) {
        const query = context.query;
        const now = services.now();
        const to = query.end_time ? utc(query.end_time) : now.toISOString();
        const from = query.start_time ? utc(query.start_time) : new Date(now.getTime() - 30 * DAY_MS).toISOString();
        const { items, total } = await store.listJobs(
          context.workspaceId,
          {
            ...(query.filter ? { nameSearch: query.filter } : {}),
            ...(query.status_filters ? { statuses: query.status_filters } : {}),
            ...(query.source_dataset_filters ? { sourceDatasets: query.source_dataset_filters } : {}),
            ...(query.target_dataset_filters ? { targetDatasets: query.target_dataset_filters } : {}),
            ...(query.idempotency_key ? { idempotencyKey: query.idempotency_key } : {}),
            ...(query.agent_run_id ? { agentRunId: query.agent_run_id } : {}),
            from,
            to,
          },
          query,
        );
        const values = await store.jobFilterValues(context.workspaceId, from, to);
        return {
          body: {
            message: 'Comparison jobs.',
            meta: { status_filters: [...c.JOB_STATUSES], source_dataset_filters: values.sources, target_dataset_filters: values.targets },
            data: page((await asSeen(context.permissions, items)).map(presentJobListItem), total, query),
          },
        };
      },
    }),
    route({
      method: 'GET',
      path: '/jobs/comparison/{job_id}/diff-details',
      summary: 'Row-level diff of a completed job',
      permission: 'read:job',
      params: c.jobPathSchema,
      response: c.diffDetailsResponseSchema,
      status: 200,
      async handle(context) {
        const [job] = await store.jobsByIds(context.workspaceId, [context.params.job_id]);
        if (!job) throw notFound(`There is no job ${context.params.job_id} in this workspace.`, 'job_not_found');
        if (job.status !== 'SUCCESS') {
          const message =
            job.status === 'PENDING' || job.status === 'STARTED'
              ? `Job ${job.id} is ${job.status}; its diff details are available once it has status SUCCESS.`
              : `Job ${job.id} ended with status ${job.status}; only a successful job has diff details.`;
          throw conflict(message, job.status === 'PENDING' || job.status === 'STARTED' ? 'job_not_finished' : 'job_not_successful');
        }
        // The values of sensitive columns only for keys with read:sensitive (the `write` scope has it); one of
        // the key's stream places is held until the answer ends (429 when they are all taken).
        const { view, place } = await streamedDiffView(services, job, { permissions: context.permissions }, context.key.id);
        const meta = { run_id: job.id };
        // Sent a page of rows at a time as the client reads (a slow client holds one page, and not forever).
        async function* body(): AsyncGenerator<string> {
          yield `{"message":"Diff details.","meta":${JSON.stringify(meta)},"data":`;
          yield* diffJson(view);
          yield '}';
        }
        return {
          body: undefined,
          stream: (c) =>
            streamedResponse(
              c,
              body(),
              { headers: { 'Content-Type': 'application/json' }, place, onCutOff: (why) => services.logger.info(`The diff details of job ${meta.run_id} were cut off: ${why}.`) },
              services.streamLimits,
            ),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/jobs/{task_id}/terminate',
      summary: 'Terminate a job (a finished job stays as it was)',
      permission: 'write:job',
      params: c.terminatePathSchema,
      response: c.terminateResponseSchema,
      status: 200,
      async handle(context) {
        const { job, terminated } = await jobs.terminate(context.workspaceId, context.params.task_id);
        const message = terminated
          ? `Job ${job.id} was terminated.`
          : `Job ${job.id} had already finished with status ${job.status}; nothing was terminated.`;
        return { body: { message, status: job.status, run_id: job.id, task_id: job.task_id } };
      },
    }),
  ];
}
