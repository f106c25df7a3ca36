/**
 * How many streamed responses (diff details, the web page's downloads) are sent at once. Each holds a
 * page of rows in memory for as long as its client takes (up to the stream's time limit), so their
 * number is bounded per API key (`serve --key-max-streams`) and for the process (`--max-streams`):
 * one more answers 429 with Retry-After before any row is read. A response takes its place before its
 * rows are read and gives it back when it ends, however it ends (sent, cut off, client gone).
 */
import { HttpError } from './http-errors.js';
import { Slots, type Place } from './slots.js';

export interface StreamCounts {
  /** Most responses streamed at once for one API key (its API calls and its web sessions together). */
  perKey: number;
  /** Most responses streamed at once by this process. */
  total: number;
}

/** Defaults: 4 per key, 32 in all. */
export const DEFAULT_STREAM_COUNTS: StreamCounts = { perKey: 4, total: 32 };

export class StreamSlots {
  private readonly slots: Slots;

  constructor(counts: StreamCounts) {
    this.slots = new Slots(counts.perKey, counts.total);
  }

  /** A place for a response streamed to the key `keyId`; 429 when the key's or the process's are all taken. */
  open(keyId: string): Place {
    const place = this.slots.take(keyId);
    if (!('busy' in place)) return place;
    const message =
      place.busy === 'holder'
        ? `This API key already has ${place.held} diff details or downloads being sent, the most one key may have at once; retry when one has finished.`
        : `The server is already sending ${place.held} diff details or downloads, the most it sends at once; retry shortly.`;
    throw new HttpError(429, 'too_many_streams', 'Too Many Requests', message, { 'Retry-After': '5' });
  }
}
