/**
 * A finished job's differing rows as one viewer sees them, a page at a time: what the API's
 * diff-details, the job page and the downloads send. Memory is bounded by a page of rows, never by
 * the job. For a key without `read:sensitive` the columns to mask are judged on every page first (one
 * page's values are enough to mask a column), then each page is masked with the same masker, so a
 * value masks alike on every page and no page shows what another would have masked.
 */
import type { DiffDetailsData } from '../api/contract.js';
import type { DiffRow } from '../engine/model.js';
import { Masker } from '../sensitive/mask.js';
import { presentDiff } from './presenters.js';
import type { ServerServices } from './services.js';
import type { JobRecord } from './storage/store.js';
import { maskDiffFor, maskedColumnsFor, sourceFacts, viewerMasking } from './viewer-masking.js';

/** Rows read (and sent) at a time. */
export const DIFF_PAGE_ROWS = 100;

export interface DiffView {
  /** The diff without its rows (`diff_rows` empty), as the viewer sees it. */
  head: DiffDetailsData;
  /** How many rows the job kept. */
  count: number;
  /** True when values of some columns are masked for this viewer. */
  masked: boolean;
  /** Rows [offset, offset + limit), as the viewer sees them. */
  page(offset: number, limit: number): Promise<DiffRow[]>;
  /** Every row, a page at a time. */
  pages(): AsyncGenerator<DiffRow[]>;
}

export async function diffView(services: Pick<ServerServices, 'store' | 'box' | 'sources'>, job: JobRecord, permissions: ReadonlySet<string>): Promise<DiffView> {
  const { diff_rows: legacy, ...rest } = presentDiff(job);
  const head: DiffDetailsData = { ...rest, diff_rows: [] };
  const stored = (offset: number, limit: number): Promise<DiffRow[]> =>
    legacy.length > 0 ? Promise.resolve(legacy.slice(offset, offset + limit) as DiffRow[]) : services.store.diffs.page(job.id, offset, limit);
  const count = legacy.length > 0 ? legacy.length : await services.store.diffs.count(job.id);
  const pagesOf = async function* (page: (offset: number, limit: number) => Promise<DiffRow[]>): AsyncGenerator<DiffRow[]> {
    for (let offset = 0; offset < count; offset += DIFF_PAGE_ROWS) yield await page(offset, DIFF_PAGE_ROWS);
  };
  if (permissions.has('read:sensitive')) {
    return { head, count, masked: false, page: stored, pages: () => pagesOf(stored) };
  }
  const masking = await viewerMasking(job, sourceFacts(services));
  const columns = maskedColumnsFor(head, masking);
  for await (const rows of pagesOf(stored)) for (const column of maskedColumnsFor({ ...head, diff_rows: rows }, masking)) columns.add(column);
  const masker = new Masker();
  const page = async (offset: number, limit: number): Promise<DiffRow[]> =>
    maskDiffFor({ ...head, diff_rows: await stored(offset, limit) }, masking, columns, masker).diff_rows as DiffRow[];
  return { head: maskDiffFor(head, masking, columns, masker), count, masked: true, page, pages: () => pagesOf(page) };
}

/** A chunk is sent once it holds this many characters (so a slow client makes progress row by row). */
const CHUNK_CHARS = 64 * 1024;

/** The JSON texts of every row, `separator` between them, gathered into chunks of about CHUNK_CHARS. */
async function* rowChunks(view: DiffView, row: (row: DiffRow) => string, separator: string): AsyncGenerator<string> {
  let chunk = '';
  let first = true;
  for await (const rows of view.pages()) {
    for (const each of rows) {
      chunk += `${first ? '' : separator}${row(each)}`;
      first = false;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk !== '') yield chunk;
}

/**
 * The view as JSON text, as the client reads it: the diff details' `data` (`diff_rows` last), compact
 * or indented by two spaces as `JSON.stringify(diff, null, 2)` writes it.
 */
export async function* diffJson(view: DiffView, options: { pretty?: boolean } = {}): AsyncGenerator<string> {
  const { diff_rows: _rows, ...head } = view.head;
  if (!options.pretty) {
    yield `${JSON.stringify(head).slice(0, -1)},"diff_rows":[`;
    yield* rowChunks(view, (row) => JSON.stringify(row), ',');
    yield ']}';
    return;
  }
  yield `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "diff_rows": [`;
  yield* rowChunks(view, (row) => `\n    ${JSON.stringify(row, null, 2).replace(/\n/g, '\n    ')}`, ',');
  yield `${view.count > 0 ? '\n  ' : ''}]\n}\n`;
}
