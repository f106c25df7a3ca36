/**
 * Reading the hosted service's variations into one shape: bare arrays where the document promises
 * `{data: …}` envelopes, `celery_task_id` for `worker_task_id`, timestamps without an offset (UTC),
 * statuses we do not know (not terminal; warned about once per status).
 */
import { isTerminalJobStatus, JOB_STATUSES } from './contract.js';
import type { Logger } from '../shared/logger.js';

/** A timestamp as a Date; text without an offset is UTC (Celery's naive `date_done`). undefined when unreadable. */
export function parseServiceTimestamp(text: string | null | undefined): Date | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  let value = text.trim().replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2');
  const hasTime = /T\d{2}:\d{2}/.test(value);
  const hasOffset = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value);
  if (hasTime && !hasOffset) value += 'Z';
  if (!hasTime && /^\d{4}-\d{2}-\d{2}$/.test(value)) value += 'T00:00:00Z';
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** The background task id of an execute response or a job: `worker_task_id` (document) or `celery_task_id` (hosted). */
export function taskIdOf(record: { worker_task_id?: unknown; celery_task_id?: unknown; task_id?: unknown }): string | undefined {
  for (const value of [record.worker_task_id, record.celery_task_id, record.task_id]) {
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** `{data: [...]}` from a bare array (some hosted endpoints answer with the list alone). */
export function wrapBareList(body: unknown): unknown {
  return Array.isArray(body) ? { message: undefined, meta: {}, data: body } : body;
}

/** `{data: {items, page, size, total, pages}}` from a bare array or from `{data: [...]}`. */
export function wrapBarePage(body: unknown): unknown {
  const page = (items: unknown[]): unknown => ({ items, page: 1, size: items.length, total: items.length, pages: items.length > 0 ? 1 : 0 });
  if (Array.isArray(body)) return { meta: {}, data: page(body) };
  if (body !== null && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.data)) return { ...record, meta: record.meta ?? {}, data: page(record.data) };
    if (Array.isArray(record.items)) return { meta: {}, data: record };
  }
  return body;
}

/** Decides whether a job status is final, warning once per status we do not know. */
export class StatusReader {
  private readonly warned = new Set<string>();
  constructor(private readonly logger: Logger) {}

  isTerminal(status: string): boolean {
    if (!(JOB_STATUSES as readonly string[]).includes(status) && !this.warned.has(status)) {
      this.warned.add(status);
      this.logger.warning(
        `The service reported job status "${status}", which datacompare does not know; it is treated as still running (known: ${JOB_STATUSES.join(', ')}).`,
      );
    }
    return isTerminalJobStatus(status);
  }
}
