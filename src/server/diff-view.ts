/**
 * A finished job's differing rows as one viewer sees them, a page at a time: what the API's
 * diff-details, the job page and the downloads send. Memory is bounded by a page, never by the job: a
 * page is at most DIFF_PAGE_ROWS rows and, past its first row, at most DIFF_PAGE_BYTES of their JSON (a
 * job's rows may carry values of 64 Ki characters each). For a key without `read:sensitive` the columns
 * to mask are judged on every page first (one page's values are enough to mask a column), then each page
 * is masked with the same masker, so a value masks alike on every page and no page shows what another
 * would have masked. A view that is streamed is built in a place of its key (stream-slots.ts).
 */
import type { DiffDetailsData } from '../api/contract.js';
import type { DiffRow } from '../engine/model.js';
import { Masker } from '../sensitive/mask.js';
import { presentDiff } from './presenters.js';
import type { ServerServices } from './services.js';
import type { Place } from './slots.js';
import type { JobRecord } from './storage/store.js';
import { maskDiffFor, maskedColumnsFor, sourceFacts, viewerMasking, type ViewerMasking } from './viewer-masking.js';

/** Most rows read (and sent) at a time. */
export const DIFF_PAGE_ROWS = 100;
/** Most bytes of rows' JSON read at a time (a single larger row is read alone). */
export const DIFF_PAGE_BYTES = 1024 * 1024;

export interface DiffView {
  /** The diff without its rows (`diff_rows` empty), as the viewer sees it. */
  head: DiffDetailsData;
  /** How many rows the job kept. */
  count: number;
  /** True when values of some columns are masked for this viewer. */
  masked: boolean;
  /** Rows [offset, offset + limit), as the viewer sees them. */
  page(offset: number, limit: number): Promise<DiffRow[]>;
  /** Every row, a page (DIFF_PAGE_ROWS, DIFF_PAGE_BYTES) at a time. */
  pages(): AsyncGenerator<DiffRow[]>;
}

/** Who looks: the key's scopes, and (without read:sensitive) what to mask when the caller judged it already. */
export interface DiffViewer {
  permissions: ReadonlySet<string>;
  masking?: ViewerMasking;
}

export async function diffView(services: Pick<ServerServices, 'store' | 'box' | 'sources'>, job: JobRecord, viewer: DiffViewer): Promise<DiffView> {
  const { diff_rows: legacy, ...rest } = presentDiff(job);
  const head: DiffDetailsData = { ...rest, diff_rows: [] };
  const rowsAt = (offset: number, limit: number): Promise<DiffRow[]> =>
    legacy.length > 0 ? Promise.resolve(legacy.slice(offset, offset + limit) as DiffRow[]) : services.store.diffs.page(job.id, offset, limit);
  const pageAt = (offset: number): Promise<DiffRow[]> =>
    legacy.length > 0 ? rowsAt(offset, DIFF_PAGE_ROWS) : services.store.diffs.pageWithin(job.id, offset, DIFF_PAGE_ROWS, DIFF_PAGE_BYTES);
  const count = legacy.length > 0 ? legacy.length : await services.store.diffs.count(job.id);
  const pagesOf = async function* (shown: (rows: DiffRow[]) => DiffRow[]): AsyncGenerator<DiffRow[]> {
    for (let offset = 0; offset < count; ) {
      const rows = await pageAt(offset);
      if (rows.length === 0) return;
      offset += rows.length;
      yield shown(rows);
    }
  };
  const asStored = (rows: DiffRow[]): DiffRow[] => rows;
  if (viewer.permissions.has('read:sensitive')) {
    return { head, count, masked: false, page: rowsAt, pages: () => pagesOf(asStored) };
  }
  const masking = viewer.masking ?? (await viewerMasking(job, sourceFacts(services)));
  const columns = maskedColumnsFor(head, masking);
  for await (const rows of pagesOf(asStored)) for (const column of maskedColumnsFor({ ...head, diff_rows: rows }, masking)) columns.add(column);
  const masker = new Masker();
  const shown = (rows: DiffRow[]): DiffRow[] => maskDiffFor({ ...head, diff_rows: rows }, masking, columns, masker).diff_rows as DiffRow[];
  const page = async (offset: number, limit: number): Promise<DiffRow[]> => shown(await rowsAt(offset, limit));
  return { head: maskDiffFor(head, masking, columns, masker), count, masked: true, page, pages: () => pagesOf(shown) };
}

/**
 * The view to stream to the key `keyId`, built in a stream place of that key (429 before any row is read
 * when none is free). The place is the caller's to hand to streamedResponse; it is given back here when
 * building the view fails.
 */
export async function streamedDiffView(services: Pick<ServerServices, 'store' | 'box' | 'sources' | 'streams'>, job: JobRecord, viewer: DiffViewer, keyId: string): Promise<{ view: DiffView; place: Place }> {
  const place = services.streams.open(keyId);
  try {
    return { view: await diffView(services, job, viewer), place };
  } catch (error) {
    place.release();
    throw error;
  }
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
